"""A studkit whose C extensions are not built says so, naming the extension and how to build
it, whichever of them an import reaches first (the kernel's is built with them): never a bare
ImportError. An unbuilt checkout imported from its own folder used to end in "cannot import
name '_decide' from partially initialized module 'studkit.bots' (most likely due to a
circular import)"."""

from __future__ import annotations

import subprocess
import sys

import pytest
from timeouts import LOADED_MACHINE_TIMEOUT

BLOCKED = """
import sys

class Unbuilt:
    def find_spec(self, name, path=None, target=None):
        if name == {extension!r}:
            raise ImportError("No module named " + name)
        return None

sys.meta_path.insert(0, Unbuilt())
try:
    {statement}
except Exception as error:
    print(type(error).__name__)
    print(error)
"""


@pytest.mark.parametrize(("extension", "statement", "what"), [
    ("studkit.bots._decide", "from studkit.simulation import simulate", "bot decisions"),
    ("studkit.core._core", "import studkit.engine", "rules core"),
])
def test_an_unbuilt_extension_is_named_with_how_to_build_it(
    extension: str, statement: str, what: str
) -> None:
    code = BLOCKED.format(extension=extension, statement=statement)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=LOADED_MACHINE_TIMEOUT, check=True)
    kind, message = done.stdout.split("\n", 1)
    assert kind == "StudkitError", done.stdout
    assert f"studkit's {what} (the C extension {extension}) is not built" in message
    assert "pip install ." in message
