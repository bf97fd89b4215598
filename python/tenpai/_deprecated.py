"""Old names kept readable for one release; reading one warns ``DeprecationWarning``.

``Game.observation`` returns an ``Observation``: a dict whose old keys
``bakaze``, ``kyotaku`` and ``oya`` (mjai's spellings) still read, with a
warning, as ``round_wind``, ``kyoutaku`` and ``dealer``.

>>> import warnings
>>> o = Observation(round_wind=1, kyoutaku=2, dealer=3)
>>> with warnings.catch_warnings(record=True) as w:
...     warnings.simplefilter("always")
...     (o["bakaze"], o["kyotaku"], o["oya"], len(w))
(1, 2, 3, 3)
"""

import warnings

OLD_OBSERVATION_KEYS = {"bakaze": "round_wind", "kyotaku": "kyoutaku", "oya": "dealer"}


class Observation(dict):
    """An observation dict (``Game.observation``); ``o["bakaze"]``,
    ``o["kyotaku"]`` and ``o["oya"]`` warn and read ``round_wind``,
    ``kyoutaku`` and ``dealer``."""

    def __missing__(self, key):
        new = OLD_OBSERVATION_KEYS.get(key)
        if new is None:
            raise KeyError(key)
        warnings.warn(
            f"observation key {key!r} is deprecated: use {new!r}",
            DeprecationWarning,
            stacklevel=2,
        )
        return self[new]
