"""An Enum whose members hash by identity, for the enums the rules use as keys in their inner
loops.

`Enum.__hash__` is a Python function (it hashes the member's name), so every dict or set lookup
keyed by a member calls back into the interpreter; a listing of legal actions makes tens of
thousands of such lookups (a unit's kind, formation and status, a mover class). Members are
singletons and compare by identity, so hashing by identity is consistent with their equality;
like the name's hash, it differs from one process to the next, so nothing may rely on the
order a set of members iterates in (nothing did: string hashes are randomised per process).
"""

from __future__ import annotations

from enum import Enum


class FastHashEnum(Enum):
    __hash__ = object.__hash__
