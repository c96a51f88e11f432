"""Gymnasium ids: `fenpai/<variant>-v0` for every variant of the one decision space
(`fenpai.encoding.DECISION_VARIANTS`), a `fenpai.envs.SeatEnv`
(`gymnasium.make("fenpai/tractor-v0", seat=1, reward="zero_sum")`).

`register()` adds them (once). It is the package's `gymnasium.envs` entry point, which
Gymnasium releases that load plugins call; `import fenpai` calls it when Gymnasium is
imported already, else once Gymnasium is first imported (`when_imported`), so that
`import fenpai` never imports Gymnasium itself.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType
from typing import Any

from fenpai.encoding import DECISION_VARIANTS

NAMESPACE = "fenpai"


def register() -> None:
    """Registers `fenpai/<variant>-v0` for every variant of the decision space not
    registered yet."""
    import gymnasium

    for variant in DECISION_VARIANTS:
        if f"{NAMESPACE}/{variant}-v0" not in gymnasium.registry:
            with gymnasium.envs.registration.namespace(NAMESPACE):
                gymnasium.register(
                    f"{variant}-v0",
                    entry_point="fenpai.envs.seat:SeatEnv",
                    kwargs={"variant": variant},
                )


class _Then(importlib.abc.Loader):
    """A module's own loader, then `register()` once the module is executed."""

    def __init__(self, loader: importlib.abc.Loader):
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        register()


class _Gymnasium(importlib.abc.MetaPathFinder):
    """Finds `gymnasium` as the other finders do, its loader wrapped in `_Then`."""

    def find_spec(
        self, name: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            spec.loader = _Then(spec.loader)
        return spec


def when_imported() -> None:
    """`register()` now if Gymnasium is imported, else as soon as it is."""
    if "gymnasium" in sys.modules:
        register()
    elif not any(isinstance(f, _Gymnasium) for f in sys.meta_path):
        sys.meta_path.insert(0, _Gymnasium())
