"""The package ships the web app's built page: the source distribution that `pip
install .` builds the wheel from holds `fenpai/service/webapp/` with every file its
index.html loads (maturin's `python-source` takes every file under `python/fenpai`)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tarfile

import pytest
from service_support import ROOT

WEBAPP = ROOT / "python" / "fenpai" / "service" / "webapp"


def test_the_sdist_holds_the_built_page(tmp_path):
    maturin = shutil.which("maturin")
    if maturin is None:
        pytest.skip("maturin is not installed (the dev extra has it)")
    subprocess.run([maturin, "sdist", "--out", str(tmp_path)], cwd=ROOT, check=True)
    [sdist] = tmp_path.glob("fenpai-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames()}
    index = (WEBAPP / "index.html").read_text()
    loaded = re.findall(r'(?:src|href)="\./([^"]+)"', index)
    assert loaded, "index.html loads its script and styles"
    for path in ["index.html", *loaded]:
        assert f"python/fenpai/service/webapp/{path}" in names, path
        assert (WEBAPP / path).is_file()
