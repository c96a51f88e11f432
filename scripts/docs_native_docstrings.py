"""A griffe extension for the docs: the native module's objects take their types from
`fenpai/_core.pyi` and, where the stub has no docstring, the docstring the compiled
bindings carry (the Rust `///` comments), so the API pages show both. A native class's
constructor is its stub's `__new__` (PyO3 has no `__init__`); it is shown as the
class's signature."""

from __future__ import annotations

import importlib
from typing import Any

import griffe

NATIVE = "fenpai._core"


def runtime_object(path: str) -> Any:
    """The live object at a dotted path inside the native module, or None."""
    obj: Any = importlib.import_module(NATIVE)
    for part in path.removeprefix(NATIVE).strip(".").split("."):
        if not part:
            continue
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


class NativeDocstrings(griffe.Extension):
    """Fills the native module's missing docstrings from the compiled module."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.name == "fenpai":
            self._fill(pkg.modules[NATIVE.split(".")[1]])

    def _fill(self, obj: griffe.Object) -> None:
        for name, member in obj.members.items():
            if member.is_alias or name.startswith("_"):
                continue
            if member.docstring is None:
                doc = getattr(runtime_object(member.path), "__doc__", None)
                if doc and doc.strip():
                    member.docstring = griffe.Docstring(doc, parent=member)
            if member.is_class:
                self._fill(member)
                self._constructor(member)

    def _constructor(self, cls: griffe.Object) -> None:
        """`__new__(cls, ...)` as `__init__(self, ...)`, which griffe reads as the signature."""
        new = cls.members.get("__new__")
        if new is None or "__init__" in cls.members or not new.is_function:
            return
        params = list(new.parameters)[1:]
        self_param = griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword)
        init = griffe.Function(
            "__init__",
            lineno=new.lineno,
            endlineno=new.endlineno,
            parameters=griffe.Parameters(self_param, *params),
            returns="None",
        )
        cls.set_member("__init__", init)
