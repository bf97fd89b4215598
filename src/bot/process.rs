//! An external bot's process: started in a process group of its own (so that
//! ending it ends whatever it started too), its output read line by line in
//! bounded memory on a thread of its own, and ended from anywhere through a
//! [`BotHandle`] — by the game that owns it, by a person leaving the table,
//! or by [`end_all_bots`] when the program is interrupted.

use crate::lines::{read_line, Line, MAX_LINE};
use std::io::BufReader;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// One line of a bot's output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Reply {
    /// A line of text, without its line end.
    Text(String),
    /// A line of this many bytes, over [`MAX_LINE`] (not kept).
    TooLong(usize),
    /// A line that is not UTF-8 text.
    NotText,
}

/// What the bot's output thread sends: a line, or the output's end (`None`,
/// also after a read error).
pub(super) type Output = Receiver<Option<Reply>>;

/// Whether the process was ended by its host, and whether it is reaped (its
/// id may then belong to another process: it is never signalled again).
#[derive(Debug, Default)]
struct Ending {
    by_host: bool,
    reaped: bool,
}

/// The shared part of a [`BotHandle`].
#[derive(Debug)]
struct Shared {
    /// The process's id, which is also its process group's.
    pid: u32,
    ending: Mutex<Ending>,
}

impl Shared {
    /// Kills the process group (on Unix; elsewhere the process is killed
    /// when its owner drops it), unless the process is reaped.
    fn end(&self) {
        let mut e = self.ending.lock().unwrap_or_else(PoisonError::into_inner);
        e.by_host = true;
        if !e.reaped {
            kill_group(self.pid);
        }
    }
}

#[cfg(unix)]
fn kill_group(pid: u32) {
    if let Ok(pid) = i32::try_from(pid) {
        // SAFETY: kill(2) with a negative id signals that process group; it
        // touches no memory of this process. The group is the bot's own (the
        // process was started as its leader and is not yet reaped).
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_pid: u32) {}

/// The processes started and not yet reaped, for [`end_all_bots`].
static LIVE: Mutex<Vec<Weak<Shared>>> = Mutex::new(Vec::new());

/// Ends every external bot process of this program that is still running
/// (with whatever it started): for an interrupt handler, before the program
/// exits. The games they sit in go on with their fallback players.
///
/// ```
/// use std::time::Duration;
/// use tenpai::ai::BaselinePlayer;
/// use tenpai::bot::{end_all_bots, ExternalBot};
/// use tenpai::rules::Rules;
///
/// let rules = Rules::tenhou();
/// let fallback = Box::new(BaselinePlayer::new(&rules));
/// let bot = ExternalBot::spawn("sleep 60", tenpai::game::SeatIndex::ALL[0], &rules, Duration::from_secs(1), fallback)?;
/// end_all_bots(); // the sleep is killed now, not when `bot` is dropped
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Panics
/// Never.
pub fn end_all_bots() {
    let live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
    for s in live.iter().filter_map(Weak::upgrade) {
        s.end();
    }
}

/// Ends one external bot's process from any thread: for a host that stops
/// waiting (a person leaving the table). The bot's pending and later
/// decisions go to its fallback player, and are not counted as faults.
///
/// ```
/// use std::time::Duration;
/// use tenpai::ai::BaselinePlayer;
/// use tenpai::bot::ExternalBot;
/// use tenpai::rules::Rules;
///
/// let rules = Rules::tenhou();
/// let fallback = Box::new(BaselinePlayer::new(&rules));
/// let bot = ExternalBot::spawn("sleep 60", tenpai::game::SeatIndex::ALL[0], &rules, Duration::from_secs(1), fallback)?;
/// let handle = bot.handle();
/// std::thread::spawn(move || handle.end()).join().unwrap();
/// assert_eq!(bot.faults().count, 0);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct BotHandle(Arc<Shared>);

impl BotHandle {
    /// Kills the process (and everything in its process group) at once.
    ///
    /// # Panics
    /// Never.
    pub fn end(&self) {
        self.0.end();
    }
}

/// A started bot process.
pub(super) struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Output,
    shared: Arc<Shared>,
}

impl Process {
    /// Starts `command` with `sh -c` in a process group of its own, its
    /// standard error discarded.
    ///
    /// # Errors
    /// The process cannot be started.
    pub(super) fn start(command: &str) -> std::io::Result<Process> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn()?;
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = channel();
        // The thread ends when the process closes its output or the bot (the
        // receiver) is gone.
        std::thread::spawn(move || {
            let mut input = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                let reply = match read_line(&mut input, &mut buf, MAX_LINE) {
                    Ok(Some(Line::Read)) => {
                        let text = buf.strip_suffix(b"\n").unwrap_or(&buf);
                        let text = text.strip_suffix(b"\r").unwrap_or(text);
                        match std::str::from_utf8(text) {
                            Ok(t) => Reply::Text(t.to_string()),
                            Err(_) => Reply::NotText,
                        }
                    }
                    Ok(Some(Line::TooLong(n))) => Reply::TooLong(n),
                    Ok(None) | Err(_) => {
                        let _ = tx.send(None);
                        return;
                    }
                };
                if tx.send(Some(reply)).is_err() {
                    return;
                }
            }
        });
        let shared = Arc::new(Shared {
            pid: child.id(),
            ending: Mutex::default(),
        });
        {
            let mut live = LIVE.lock().unwrap_or_else(PoisonError::into_inner);
            live.retain(|w| w.strong_count() > 0);
            live.push(Arc::downgrade(&shared));
        }
        Ok(Process {
            stdin: child.stdin.take(),
            child,
            output: rx,
            shared,
        })
    }

    /// The handle that ends this process.
    pub(super) fn handle(&self) -> BotHandle {
        BotHandle(self.shared.clone())
    }

    /// The process's input (`None` once closed).
    pub(super) fn stdin(&mut self) -> Option<&mut ChildStdin> {
        self.stdin.as_mut()
    }

    /// The lines of its output.
    pub(super) fn output(&self) -> &Output {
        &self.output
    }

    /// Its host ended it ([`BotHandle::end`], [`end_all_bots`]).
    pub(super) fn ended_by_host(&self) -> bool {
        self.shared
            .ending
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .by_host
    }

    /// How it exited, waiting up to half a second for it to do so; `None`
    /// when it is still running. Once it has exited, whatever it left in its
    /// process group is ended too, before it is reaped.
    pub(super) fn exit_status(&mut self) -> Option<ExitStatus> {
        for _ in 0..50 {
            if has_exited(&mut self.child) {
                let mut e = self
                    .shared
                    .ending
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                if e.reaped {
                    return None;
                }
                kill_group(self.shared.pid);
                let status = self.child.wait().ok();
                e.reaped = true;
                return status;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        None
    }
}

/// The child has exited (it is left unreaped, so that its process group
/// id stays its own).
#[cfg(unix)]
fn has_exited(child: &mut Child) -> bool {
    let pid: libc::id_t = child.id();
    // SAFETY: waitid(2) writes only into `info`, a zeroed siginfo_t owned
    // here; WNOWAIT leaves the child waitable, WNOHANG returns at once.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        let r = libc::waitid(
            libc::P_PID,
            pid,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        );
        r == 0 && info.si_pid() != 0
    }
}

#[cfg(not(unix))]
fn has_exited(child: &mut Child) -> bool {
    child.try_wait().is_ok_and(|s| s.is_some())
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        let mut e = self
            .shared
            .ending
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if !e.reaped {
            kill_group(self.shared.pid);
            let _ = self.child.kill();
            let _ = self.child.wait();
            e.reaped = true;
        }
    }
}
