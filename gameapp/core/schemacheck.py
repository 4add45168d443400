"""Whether a document conforms to one of our JSON Schemas, answered without jsonschema.

`conforms(instance, schema)` is True only when jsonschema's Draft 2020-12 validator would find no
error: it follows that validator's rules for the keywords our schemas use (the types, with a
float such as 2.0 an integer and a boolean no number; `equal` for enum and const; a pattern
searched, not matched; the additional properties found as jsonschema finds them). For anything
else (an unknown keyword, a reference outside the schema, a value YAML made that is not JSON,
a key that is not a string) it says False, and the caller asks jsonschema, which writes every
message. So a good file is read without importing jsonschema (a fifth of a second at start-up)
and a bad one gets jsonschema's messages exactly as before; tests/core/test_schemacheck.py holds
the two to the same verdict on the shipped files and on thousands of broken copies of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

# keywords that only describe: jsonschema's validator checks nothing for them
_ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "$defs", "definitions", "title",
                          "description", "default", "examples", "deprecated", "readOnly",
                          "writeOnly", "then", "else"})
_JSON_SCALARS = (str, int, float, bool, type(None))
_JSON_VALUES = (dict, list, *_JSON_SCALARS)


class _Unsure(Exception):
    """Something this checker does not decide: jsonschema must."""


def conforms(instance: Any, schema: Any) -> bool:
    """True when `instance` surely conforms to `schema` (jsonschema would find no error)."""
    return verdict(instance, schema) is True


def verdict(instance: Any, schema: Any) -> bool | None:
    """Whether `instance` conforms to `schema` as jsonschema would judge it, or None where
    this checker leaves the judgement to jsonschema."""
    try:
        return _Checker(schema).valid(instance, schema)
    except (_Unsure, RecursionError):
        return None


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":  # Draft 4 on: a float with no fraction is an integer
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer())
    kinds = {"string": str, "object": dict, "array": list, "boolean": bool}
    if name in kinds:
        return isinstance(value, kinds[name])
    if name == "number":
        return _number(value)
    if name == "null":
        return value is None
    raise _Unsure(name)


def _equal(one: Any, two: Any) -> bool:
    """jsonschema's `equal` for scalars: True is not 1, and 1 is 1.0."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if not isinstance(one, _JSON_SCALARS) or not isinstance(two, _JSON_SCALARS):
        raise _Unsure("a list or mapping compared")
    return bool(_unbool(one) == _unbool(two))


_TRUE, _FALSE = object(), object()


def _unbool(value: Any) -> Any:
    return _TRUE if value is True else _FALSE if value is False else value


class _Checker:
    def __init__(self, root: Any) -> None:
        self.root = root

    def valid(self, instance: Any, schema: Any) -> bool:
        if schema is True or schema == {}:
            return True
        if schema is False:
            return False
        if not isinstance(schema, dict):
            raise _Unsure("a schema that is not a mapping")
        if not isinstance(instance, _JSON_VALUES):
            raise _Unsure(f"a {type(instance).__name__} value")  # a date, bytes, a set
        if "$id" in schema and schema is not self.root:
            raise _Unsure("a schema inside that moves the base of its references")
        for keyword, value in schema.items():
            if keyword in _ANNOTATIONS:
                continue
            check = _KEYWORDS.get(keyword)
            if check is None:
                raise _Unsure(keyword)
            if not check(self, value, instance, schema):
                return False
        return True

    def ref(self, ref: Any, instance: Any, _schema: Any) -> bool:
        if not isinstance(ref, str) or not ref.startswith("#"):
            raise _Unsure("a reference outside the schema")
        target = self.root
        for part in ref[1:].split("/")[1:]:
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(target, dict) or part not in target:
                raise _Unsure(f"an unresolved reference {ref}")
            target = target[part]
        return self.valid(instance, target)

    def properties(self, properties: Any, instance: Any, _schema: Any) -> bool:
        if not isinstance(instance, dict):
            return True
        self._string_keys(instance)
        return all(self.valid(instance[name], sub) for name, sub in properties.items()
                   if name in instance)

    def pattern_properties(self, patterns: Any, instance: Any, _schema: Any) -> bool:
        if not isinstance(instance, dict):
            return True
        self._string_keys(instance)
        return all(self.valid(value, sub) for pattern, sub in patterns.items()
                   for key, value in instance.items() if _pattern(pattern).search(key))

    def additional_properties(self, additional: Any, instance: Any, schema: Any) -> bool:
        if not isinstance(instance, dict):
            return True
        self._string_keys(instance)
        known = schema.get("properties", {})
        patterns = "|".join(schema.get("patternProperties", {}))  # as jsonschema joins them
        extras = [key for key in instance if key not in known
                  and not (patterns and _pattern(patterns).search(key))]
        if isinstance(additional, dict):
            return all(self.valid(instance[key], additional) for key in extras)
        return bool(additional) or not extras

    def property_names(self, names: Any, instance: Any, _schema: Any) -> bool:
        return not isinstance(instance, dict) or all(self.valid(key, names) for key in instance)

    @staticmethod
    def _string_keys(instance: dict[Any, Any]) -> None:
        if not all(isinstance(key, str) for key in instance):
            raise _Unsure("a key that is not a string")

    def items(self, items: Any, instance: Any, schema: Any) -> bool:
        if not isinstance(instance, list):
            return True
        rest = instance[len(schema.get("prefixItems", [])):]
        return all(self.valid(item, items) for item in rest)

    def prefix_items(self, prefix: Any, instance: Any, _schema: Any) -> bool:
        return not isinstance(instance, list) or all(
            self.valid(item, sub) for item, sub in zip(instance, prefix, strict=False))

    def all_of(self, subs: Any, instance: Any, _schema: Any) -> bool:
        return all(self.valid(instance, sub) for sub in subs)

    def any_of(self, subs: Any, instance: Any, _schema: Any) -> bool:
        return any(self.valid(instance, sub) for sub in subs)

    def one_of(self, subs: Any, instance: Any, _schema: Any) -> bool:
        return sum(self.valid(instance, sub) for sub in subs) == 1

    def not_(self, sub: Any, instance: Any, _schema: Any) -> bool:
        return not self.valid(instance, sub)

    def if_(self, condition: Any, instance: Any, schema: Any) -> bool:
        branch = "then" if self.valid(instance, condition) else "else"
        return branch not in schema or self.valid(instance, schema[branch])


def _type(_checker: _Checker, names: Any, instance: Any, _schema: Any) -> bool:
    return any(_is_type(instance, name) for name in (names if isinstance(names, list) else [names]))


def _enum(_checker: _Checker, options: Any, instance: Any, _schema: Any) -> bool:
    return any(_equal(option, instance) for option in options)


def _const(_checker: _Checker, value: Any, instance: Any, _schema: Any) -> bool:
    return _equal(instance, value)


def _unique(_checker: _Checker, unique: Any, instance: Any, _schema: Any) -> bool:
    if not unique or not isinstance(instance, list):
        return True
    if not all(isinstance(item, str) for item in instance):
        raise _Unsure("uniqueItems over values that are not text")
    return len(set(instance)) == len(instance)


def _pattern_check(_checker: _Checker, pattern: Any, instance: Any, _schema: Any) -> bool:
    return not isinstance(instance, str) or bool(_pattern(pattern).search(instance))


def _number_bound(test: Callable[[Any, Any], bool]) -> Callable[..., bool]:
    """A keyword that bounds a number and lets any other value pass."""
    def check(_checker: _Checker, limit: Any, instance: Any, _schema: Any) -> bool:
        return not _number(instance) or test(instance, limit)
    return check


def _multiple_of(_checker: _Checker, divisor: Any, instance: Any, _schema: Any) -> bool:
    """As jsonschema divides: by a float, the quotient must be whole; by an integer, no rest.
    A quotient too large or not a number is left to jsonschema."""
    if not _number(instance):
        return True
    if isinstance(divisor, float):
        quotient = instance / divisor
        try:
            return bool(int(quotient) == quotient)
        except (OverflowError, ValueError) as error:
            raise _Unsure("multipleOf's quotient") from error
    return not instance % divisor


def _size_bound(kind: type[str | list[Any] | dict[Any, Any]],
                test: Callable[[int, Any], bool]) -> Callable[..., bool]:
    """A keyword that bounds the length of a text or a list, or the size of a mapping, and
    lets any other value pass."""
    def check(_checker: _Checker, limit: Any, instance: Any, _schema: Any) -> bool:
        return not isinstance(instance, kind) or test(len(instance), limit)
    return check


def _required(_checker: _Checker, names: Any, instance: Any, _schema: Any) -> bool:
    return not isinstance(instance, dict) or all(name in instance for name in names)


_KEYWORDS: dict[str, Any] = {
    "type": _type,
    "enum": _enum,
    "const": _const,
    "$ref": _Checker.ref,
    "properties": _Checker.properties,
    "patternProperties": _Checker.pattern_properties,
    "additionalProperties": _Checker.additional_properties,
    "propertyNames": _Checker.property_names,
    "required": _required,
    "items": _Checker.items,
    "prefixItems": _Checker.prefix_items,
    "allOf": _Checker.all_of,
    "anyOf": _Checker.any_of,
    "oneOf": _Checker.one_of,
    "not": _Checker.not_,
    "if": _Checker.if_,
    "uniqueItems": _unique,
    "pattern": _pattern_check,
    # as jsonschema compares (`instance < minimum` fails, ...), so NaN passes alike
    "minimum": _number_bound(lambda value, limit: not value < limit),
    "maximum": _number_bound(lambda value, limit: not value > limit),
    "exclusiveMinimum": _number_bound(lambda value, limit: not value <= limit),
    "exclusiveMaximum": _number_bound(lambda value, limit: not value >= limit),
    "multipleOf": _multiple_of,
    "minLength": _size_bound(str, lambda size, limit: not size < limit),
    "maxLength": _size_bound(str, lambda size, limit: not size > limit),
    "minItems": _size_bound(list, lambda size, limit: not size < limit),
    "maxItems": _size_bound(list, lambda size, limit: not size > limit),
    "minProperties": _size_bound(dict, lambda size, limit: not size < limit),
    "maxProperties": _size_bound(dict, lambda size, limit: not size > limit),
}
