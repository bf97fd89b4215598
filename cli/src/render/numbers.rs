//! Points as people read them: thousands separators, signs.

/// A count with thousands separators: `25,000`, `1,000`.
pub fn points(n: u32) -> String {
    grouped(n.into())
}

/// Any count with thousands separators: `65,536`, `18,446,744,073,709,551,615`.
pub fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Points with thousands separators and a sign: `+1,500`, `-8,000`, `0`.
pub fn signed(n: i32) -> String {
    match n {
        0 => "0".into(),
        n if n > 0 => format!("+{}", points(n as u32)),
        n => format!("-{}", points(n.unsigned_abs())),
    }
}

/// Points with thousands separators: `25,000`, `-1,200`.
pub fn score(n: i32) -> String {
    if n < 0 {
        format!("-{}", points(n.unsigned_abs()))
    } else {
        points(n as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_ok_signs_and_separators() {
        assert_eq!(points(1234567), "1,234,567");
        assert_eq!(points(999), "999");
        assert_eq!(signed(12000), "+12,000");
        assert_eq!(signed(-1500), "-1,500");
        assert_eq!(signed(0), "0");
        assert_eq!(score(-300), "-300");
        assert_eq!(score(25000), "25,000");
    }
}
