"""Mutated match logs for fuzzing: the same mutators serve the property tests and
``bench/fuzz.py``.

A mutation starts from a valid example log (``docs/examples/<game>/`` and the logs in
``tests/data/<game>/``) and changes it the way a hurried club member or a broken client
would: moves deleted, duplicated or swapped; a card, a number, a type or the nesting changed;
a field dropped or added. Some values cannot be held by a plain JSON document in Python
without breaking the encoder (NaN, a number of thousands of digits, lists nested thousands
deep): they are :class:`Raw` values that carry both their Python value and their JSON text.

Everything is driven by a ``random.Random`` passed in, so a failing case is reproduced by its
seed.

>>> import random
>>> document = {"deals": [{"moves": ["pass", "take", "discard 9C"]}]}
>>> mutated = mutate(document, random.Random(3), game="gin")
>>> mutated is not document and isinstance(to_text(mutated), str)
True
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
GAME_DIRECTORIES = {"gin": "gin", "doppelkopf": "doppelkopf", "rennen": "rennen",
                    "katarenga-rennen": "katarenga-rennen", "nerts": "nerts"}


class Raw:
    """A value given as JSON text (``text``) and as the Python value ``json.loads`` makes of
    it (``value``), for the values the encoder refuses or would take too long to build."""

    __slots__ = ("text", "value")

    def __init__(self, text: str, value: Any) -> None:
        self.text = text
        self.value = value

    def __repr__(self) -> str:
        return f"Raw({self.text[:20]!r}...)"

    def __deepcopy__(self, memo: dict[int, Any]) -> Raw:
        return self  # immutable, and its value may be too deep to copy


def deep_list(depth: int) -> Raw:
    value: list[Any] = []
    for _level in range(depth - 1):
        value = [value]
    return Raw("[" * depth + "]" * depth, value)


def deep_object(depth: int) -> Raw:
    value: dict[str, Any] = {}
    for _level in range(depth - 1):
        value = {"a": value}
    return Raw('{"a":' * (depth - 1) + "{}" + "}" * (depth - 1), value)


def huge_int(digits: int, *, negative: bool = False) -> Raw:
    value = 10 ** (digits - 1) * 7
    text = "7" + "0" * (digits - 1)
    return Raw("-" + text if negative else text, -value if negative else value)


SPECIAL_VALUES: tuple[Callable[[], Any], ...] = (
    lambda: Raw("NaN", math.nan),
    lambda: Raw("Infinity", math.inf),
    lambda: Raw("-Infinity", -math.inf),
    lambda: huge_int(5000),
    lambda: huge_int(4400, negative=True),
    lambda: deep_list(5000),
    lambda: deep_object(3000),
)

PLAIN_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 3, 7, 10, 13, 40, 100, 10**6, -10**9, 2**63, 10**30,
    0.5, -0.0, 1e308, "", " ", "x", "Anna", "Bert", "pass", "turn", "end", "seed", "ddv",
    "re", "kontra", "solo damen", "A" * 5000, "\x00", "QC\u0000", "９", "١٢",
    [], {}, [None], {"preset": "seed"}, ["QC"], {"a": 1}, [[["x"]]],
)

# Cards of every game, and cards that are outside some game's deck.
CARDS = ("QC", "10H", "AS", "9D", "2C", "KD", "JH", "7S", "8H", "AD", "10S", "QH", "JC",
         "KS", "9C", "5D", "X1", "X2", "11H", "1S", "0C", "10X", "QQ", "9D@Anna", "QC@Bert",
         "AH@Anna", "KS@Cora", "2D@Nobody", "QC@", "@Anna", "10H@Anna>")

WORDS = ("pass", "take", "draw", "discard", "knock", "lay", "melds", "off", "turn", "over",
         "nerts", "reset", "end", "re", "kontra", "keine 90", "schwarz", "gesund", "vorbehalt",
         "solo", "hochzeit", "schieben", "gibt", "nimmt", "play", "pick", "show", "F", "F1",
         "F99", "under", ">", "=", "=8H", "a1", "h8", "b2-c3", "resign", "9" * 5000, "-1",
         "0", "4", "5", "99999999999999999999", "1.5", "1e999", "NaN")


def random_value(rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.12:
        return rng.choice(SPECIAL_VALUES)()
    if roll < 0.35:
        return rng.choice(CARDS)
    if roll < 0.45:
        return rng.choice(WORDS)
    return copy.deepcopy(rng.choice(PLAIN_VALUES))


# -- where to mutate -----------------------------------------------------------------------

Slot = tuple[Any, Any]  # (container, key or index)


def slots(document: Any) -> list[Slot]:
    """Every (container, key) pair of the document, found without recursion."""
    out: list[Slot] = []
    stack = [document]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                out.append((node, key))
                stack.append(value)
        elif isinstance(node, list):
            for index, value in enumerate(node):
                out.append((node, index))
                stack.append(value)
    return out


def lists_in(document: Any) -> list[list[Any]]:
    return [container[key] for container, key in slots(document)
            if isinstance(container[key], list)]


# -- the mutators: each changes ``document`` in place and may return a replacement ----------

def delete_item(document: Any, rng: random.Random) -> Any:
    """Delete a move, a deal, a card or a field."""
    places = [(c, k) for c, k in slots(document)]
    if not places:
        return document
    container, key = rng.choice(places)
    del container[key]
    return document


def duplicate_item(document: Any, rng: random.Random) -> Any:
    candidates = [item for item in lists_in(document) if item]
    if not candidates:
        return document
    items = rng.choice(candidates)
    index = rng.randrange(len(items))
    items.insert(rng.randrange(len(items) + 1), copy.deepcopy(items[index]))
    return document


def swap_items(document: Any, rng: random.Random) -> Any:
    candidates = [item for item in lists_in(document) if len(item) >= 2]
    if not candidates:
        return document
    items = rng.choice(candidates)
    first, second = rng.randrange(len(items)), rng.randrange(len(items))
    items[first], items[second] = items[second], items[first]
    return document


def replace_value(document: Any, rng: random.Random) -> Any:
    """Put a value of any type (a card, a number, null, a list, NaN...) anywhere."""
    places = slots(document)
    if not places:
        return random_value(rng)
    container, key = rng.choice(places)
    container[key] = random_value(rng)
    return document


def change_text(document: Any, rng: random.Random) -> Any:
    """Change one word of a move, a card or a name: another card, a huge number, a keyword."""
    places = [(c, k) for c, k in slots(document) if isinstance(c[k], str)]
    if not places:
        return document
    container, key = rng.choice(places)
    words = container[key].split(" ")
    index = rng.randrange(len(words))
    roll = rng.random()
    if roll < 0.4:
        words[index] = rng.choice(CARDS)
    elif roll < 0.75:
        words[index] = rng.choice(WORDS)
    elif roll < 0.85:
        del words[index]
    else:
        words.insert(index, rng.choice(WORDS + CARDS))
    container[key] = " ".join(words)
    return document


def change_number(document: Any, rng: random.Random) -> Any:
    places = [(c, k) for c, k in slots(document)
              if isinstance(c[k], int | float) and not isinstance(c[k], bool)]
    if not places:
        return document
    container, key = rng.choice(places)
    value = container[key]
    container[key] = rng.choice((value + 1, value - 1, -value, 0, value * 1000,
                                 huge_int(4500), Raw("NaN", math.nan), float(value) + 0.5))
    return document


def change_key(document: Any, rng: random.Random) -> Any:
    """Drop a field, or add an unknown one, or rename one."""
    objects = [c for c, _k in slots(document) if isinstance(c, dict)]
    if isinstance(document, dict):
        objects.append(document)
    if not objects:
        return document
    target = rng.choice(objects)
    roll = rng.random()
    if roll < 0.4 and target:
        del target[rng.choice(list(target))]
    elif roll < 0.7 and target:
        key = rng.choice(list(target))
        target[key + rng.choice(("s", "_", "X"))] = target.pop(key)
    else:
        target[rng.choice(("extra", "seed", "rules", "dealer", "note", "t", "tie", "hands",
                           "facts", "moves", "teams", "board", "special", "decks"))] = \
            random_value(rng)
    return document


def nest_value(document: Any, rng: random.Random) -> Any:
    """Wrap a value in a list or an object, or nest it thousands deep."""
    places = slots(document)
    if not places:
        return document
    container, key = rng.choice(places)
    roll = rng.random()
    if roll < 0.4:
        container[key] = [container[key]]
    elif roll < 0.7:
        container[key] = {"value": container[key]}
    else:
        container[key] = rng.choice((deep_list(4000), deep_object(2500)))
    return document


MUTATORS: tuple[Callable[[Any, random.Random], Any], ...] = (
    delete_item, duplicate_item, swap_items, replace_value, change_text, change_number,
    change_key, nest_value,
)
# Structure-keeping mutations (moves deleted, duplicated, swapped, a word changed) are the
# likeliest to reach deep into a replay; they are drawn more often.
WEIGHTS = (4, 3, 3, 3, 5, 2, 2, 1)


def mutate(document: Any, rng: random.Random, *, game: str, changes: int | None = None) -> Any:
    """A mutated deep copy of ``document``: one to three changes (``changes`` fixes it)."""
    del game  # every mutator works on any game's document; kept for the callers' clarity
    out = copy.deepcopy(document)
    for _change in range(changes if changes is not None else rng.choice((1, 1, 1, 2, 3))):
        mutator = rng.choices(MUTATORS, WEIGHTS)[0]
        out = mutator(out, rng)
    return out


# -- from a mutated document to what the service receives ----------------------------------

def to_text(document: Any) -> str:
    """The JSON text of a mutated document (``Raw`` values written as their text)."""
    raws: list[str] = []

    def placeholder(value: Any) -> str:
        if isinstance(value, Raw):
            raws.append(value.text)
            return f"\x00RAW{len(raws) - 1}\x00"
        raise TypeError(f"not JSON: {value!r}")  # pragma: no cover - mutators make JSON

    text = json.dumps(document, default=placeholder, allow_nan=True)
    for index, raw in enumerate(raws):
        text = text.replace(json.dumps(f"\x00RAW{index}\x00"), raw)
    return text


def to_python(document: Any) -> Any:
    """The document as ``json.loads`` would give it (``Raw`` values replaced by their value),
    for calling an engine directly."""
    if isinstance(document, Raw):
        return document.value
    root: list[Any] = [copy.deepcopy(document)]
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            if isinstance(value, Raw):
                node[key] = value.value
            elif isinstance(value, dict | list):
                stack.append(value)
    return root[0]


# -- the valid logs mutations start from ------------------------------------------------------

def example_documents(game: str) -> list[dict[str, Any]]:
    """The documented examples and the data logs of ``game`` (the document of each)."""
    directory = GAME_DIRECTORIES[game]
    paths = sorted((ROOT / "docs" / "examples" / directory).glob("*.json"))
    paths += sorted((ROOT / "tests" / "data" / directory).glob("*.json"))
    documents = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        document = data.get("document", data) if isinstance(data, dict) else data
        if isinstance(document, dict) and document.get("game") == game:
            documents.append(document)
    return documents


# -- one mutated log through the service's two doors ----------------------------------------

class FuzzFailure(AssertionError):
    """A replay that neither scored nor refused the log properly."""


REPLAYED, REFUSED = "replayed", "refused"


def try_log(game: str, document: Any) -> str:
    """Replay a mutated log as submitted text (``games.replay.replay_text``) and as a parsed
    document given straight to the engine. Returns :data:`REPLAYED` or :data:`REFUSED` (as
    the text path saw it); an exception that is no ``EngineError`` propagates, and so does a
    :class:`FuzzFailure` for an error that names no location or an outcome that is no JSON.
    """
    from games.engines import EngineError, get_engine
    from games.replay import replay_text

    seen = []
    text = to_text(document)
    for attempt in (lambda: replay_text(text), lambda: get_engine(game).replay(
            to_python(document))):
        try:
            result = attempt()
        except EngineError as error:
            _check_error(error)
            seen.append(REFUSED)
        else:
            try:
                json.dumps(result.to_json(), allow_nan=False)
            except ValueError as exc:
                raise FuzzFailure(f"the outcome is no valid JSON: {exc}") from exc
            seen.append(REPLAYED)
    return seen[0]


def _check_error(error: Any) -> None:
    if error.deal is None and error.move is None and not error.field:
        raise FuzzFailure(f"the error names no deal, move or field: {error}")
    try:
        json.dumps(error.to_json(), allow_nan=False)
    except ValueError as exc:
        raise FuzzFailure(f"the error is no valid JSON: {exc}") from exc
    if error.code is None:
        raise FuzzFailure(f"an engine error without a code: {error}")
