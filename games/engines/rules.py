"""Rule options: a frozen dataclass per game, named presets, checked overrides.

Every choice a seed leaves open is a named field declared with :func:`option`, which carries
the help text (shown in the docs and the API) and the allowed values. A log's ``rules``
object names a preset and overrides single fields::

    {"preset": "seed", "rounds": 3}

:func:`resolve_rules` turns that into the dataclass, and names the field that is wrong:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class DemoRules:
...     rounds: int = option(5, "Rounds in a partie", minimum=1)
...     draw: str = option("three", "Cards turned at a time", choices=("one", "three"))
>>> resolve_rules(DemoRules, {"seed": DemoRules()}, {"preset": "seed", "rounds": 3})
DemoRules(rounds=3, draw='three')
>>> resolve_rules(DemoRules, {"seed": DemoRules()}, {"draw": "two"})
Traceback (most recent call last):
...
games.engines.errors.InvalidRulesError: rules.draw: 'two' is not one of: 'one', 'three'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from .errors import InvalidRulesError, shown

R = TypeVar("R")


def option(default: Any, help: str, *, choices: Sequence[Any] | None = None,
           minimum: int | None = None, maximum: int | None = None) -> Any:
    """Declare a rule option: its default, what it means, and which values it takes."""
    return dataclasses.field(default=default, metadata={
        "help": help, "choices": tuple(choices) if choices else None,
        "minimum": minimum, "maximum": maximum,
    })


def resolve_rules(rules_class: type[R], presets: Mapping[str, R],
                  spec: Mapping[str, Any] | None, *, default_preset: str = "seed") -> R:
    """Build the rules from ``{"preset": ..., <option>: <value>, ...}``."""
    if spec is None:
        spec = {}
    if not isinstance(spec, Mapping):
        raise InvalidRulesError("rules_not_object", field="rules")
    preset_name = spec.get("preset", default_preset)
    # A preset given as an object or a list is no name (and cannot be looked up: unhashable).
    if not isinstance(preset_name, str) or preset_name not in presets:
        raise InvalidRulesError("unknown_preset", {
            "value": shown(preset_name), "presets": [repr(name) for name in presets]},
            field="rules.preset")
    fields = {f.name: f for f in dataclasses.fields(rules_class)}  # type: ignore[arg-type]
    overrides: dict[str, Any] = {}
    for name, value in spec.items():
        if name == "preset":
            continue
        if name not in fields:
            raise InvalidRulesError("unknown_rule_option", {"name": shown(name)},
                                    field=f"rules.{name}")
        overrides[name] = _checked_value(fields[name], value)
    return dataclasses.replace(presets[preset_name], **overrides)  # type: ignore[type-var]


def _checked_value(field: dataclasses.Field[Any], value: Any) -> Any:
    where = f"rules.{field.name}"
    meta = field.metadata
    default = field.default
    if isinstance(default, bool):  # before int: a bool is an int to Python
        if not isinstance(value, bool):
            raise InvalidRulesError("rule_not_bool", {"value": shown(value)}, field=where)
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRulesError("rule_not_whole", {"value": shown(value)}, field=where)
        if meta.get("minimum") is not None and value < meta["minimum"]:
            raise InvalidRulesError("rule_below_minimum", {"minimum": meta["minimum"],
                                                           "value": shown(value)}, field=where)
        if meta.get("maximum") is not None and value > meta["maximum"]:
            raise InvalidRulesError("rule_above_maximum", {"maximum": meta["maximum"],
                                                           "value": shown(value)}, field=where)
    elif isinstance(default, str) and not isinstance(value, str):
        raise InvalidRulesError("rule_not_text", {"value": shown(value)}, field=where)
    choices = meta.get("choices")
    if choices and value not in choices:
        raise InvalidRulesError("rule_not_choice", {
            "value": shown(value), "choices": [repr(choice) for choice in choices]},
            field=where)
    return value


def rules_to_json(rules: Any) -> dict[str, Any]:
    """All options with their values, for the stored outcome and the API."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def describe_options(rules_class: type) -> list[dict[str, Any]]:
    """Name, default, help and allowed values of every option (docs pages and the API)."""
    return [
        {
            "name": f.name,
            "default": f.default,
            "help": f.metadata.get("help", ""),
            "choices": list(f.metadata["choices"]) if f.metadata.get("choices") else None,
            "minimum": f.metadata.get("minimum"),
            "maximum": f.metadata.get("maximum"),
        }
        for f in dataclasses.fields(rules_class)
    ]
