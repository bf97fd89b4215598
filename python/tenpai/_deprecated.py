"""Old names kept readable for one release; reading one warns ``DeprecationWarning``.

``Game.observation`` returns an ``Observation``: a dict whose old keys
``bakaze``, ``kyotaku`` and ``oya`` (mjai's spellings) still read, with a
warning, as ``round_wind``, ``kyoutaku`` and ``dealer``.

>>> import warnings
>>> o = Observation(round_wind=1, kyoutaku=2, dealer=3)
>>> with warnings.catch_warnings(record=True) as w:
...     warnings.simplefilter("always")
...     (o["bakaze"], o["kyotaku"], o.get("oya"), "oya" in o, len(w))
(1, 2, 3, True, 4)
"""

import warnings

OLD_OBSERVATION_KEYS = {"bakaze": "round_wind", "kyotaku": "kyoutaku", "oya": "dealer"}


class Observation(dict):
    """An observation dict (``Game.observation``); ``o["bakaze"]``,
    ``o.get("kyotaku")``, ``"oya" in o`` and the like warn and read
    ``round_wind``, ``kyoutaku`` and ``dealer``."""

    def get(self, key, default=None):
        if key in OLD_OBSERVATION_KEYS and not dict.__contains__(self, key):
            return self[key] if dict.__contains__(self, OLD_OBSERVATION_KEYS[key]) else default
        return dict.get(self, key, default)

    def __contains__(self, key):
        new = OLD_OBSERVATION_KEYS.get(key)
        if new is not None and not dict.__contains__(self, key):
            _warn(key, new, stacklevel=3)
            return dict.__contains__(self, new)
        return dict.__contains__(self, key)

    def __missing__(self, key):
        new = OLD_OBSERVATION_KEYS.get(key)
        if new is None:
            raise KeyError(key)
        _warn(key, new, stacklevel=3)
        return self[new]


def _warn(old, new, stacklevel):
    warnings.warn(
        f"observation key {old!r} is deprecated: use {new!r}",
        DeprecationWarning,
        stacklevel=stacklevel,
    )
