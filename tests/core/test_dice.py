"""d66 arithmetic (DESIGN.md) and the recorded, seeded, forceable dice."""

import pytest

from gameapp.core.dice import D66, Dice, d66_add


@pytest.mark.parametrize(
    ("value", "steps", "expected"),
    [
        (36, 1, 41),  # the units digit wraps after 6
        (41, -1, 36),  # and wraps back
        (41, -6, 31),  # six steps back is one ten back (see docs/rules.md on "41 - 6")
        (11, 0, 11),
        (16, 1, 21),
        (66, 1, 71),  # the tables run past 66 to 71..76
        (66, 6, 76),
        (76, 1, 76),  # clamped at 76
        (72, 20, 76),
        (11, -1, None),  # below 11: no effect
        (23, -9, None),
        (35, 12, 55),  # "ML + 12" is two tens up
        (35, -6, 25),  # "ML - 6" is one ten down
    ],
)
def test_d66_steps(value: int, steps: int, expected: int | None) -> None:
    assert d66_add(value, steps) == expected


def test_thresholds_compare_along_the_sequence_unclamped() -> None:
    ml = D66.of(35)
    assert ml - 6 == D66.of(25)
    assert ml + 12 == D66.of(55)
    # The 7.31 "cover" band ML-6 <= # < ML is exactly the six values 25..34 for ML 35.
    cover_band = [v for v in (25, 26, 31, 32, 33, 34, 35) if ml - 6 <= D66.of(v) < ml]
    assert cover_band == [25, 26, 31, 32, 33, 34]
    assert D66.of(76) + 5 > D66.of(76)  # still ordered past the top
    assert (D66.of(11) - 3).below_table
    assert str(D66.of(11) - 3) == "below 11"


@pytest.mark.parametrize("bad", [10, 17, 27, 60, 77, 80, 5])
def test_not_d66_values(bad: int) -> None:
    with pytest.raises(ValueError):
        D66.of(bad)


def test_seeded_dice_repeat_and_are_recorded() -> None:
    a, b = Dice(seed=7), Dice(seed=7)
    rolls_a = [a.d66("fire") for _ in range(20)]
    assert rolls_a == [b.d66("fire") for _ in range(20)]
    assert all(D66.of(r).index <= 35 for r in rolls_a)  # two real dice never show 7x
    assert [r.d66 for r in a.history] == rolls_a
    assert a.history[0].purpose == "fire"


def test_forced_dice_come_first() -> None:
    dice = Dice.forcing([36, 41])
    assert dice.d66("morale") == 36
    assert dice.d66("morale") == 41
    with pytest.raises(ValueError):
        Dice.forcing([71])


def test_a_copy_throws_what_the_dice_would_and_leaves_them_be() -> None:
    """The computer's copy of the game thinks with a copy of the dice (ai/thinking_copy.py)."""
    dice = Dice.forcing([36])
    dice.d6("before")
    twin = dice.copy()
    ahead = [twin.d6("look ahead") for _ in range(6)]
    assert dice.history == [twin.history[0]] and len(twin.history) == 7
    assert [dice.d6("the game") for _ in range(6)] == ahead  # the forced 6 first, then seeded
