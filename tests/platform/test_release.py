"""The release a club runs: `palazzo --version`, and the host's page footer."""

from __future__ import annotations

import json
import tomllib

import pytest

from companion.cli import main
from tests import ROOT
from tests.platform import old_data
from tests.platform.upgrade_check import app_on

RELEASE = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_palazzo_version_names_the_release(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"palazzo {RELEASE}"


def test_the_changelog_names_the_release():
    text = (ROOT / "CHANGELOG.md").read_text()
    assert f"## [{RELEASE}]" in text and "## [0.1.0]" in text


@pytest.mark.parametrize("name", ["base_3p_finished", "firenze_finished"])
def test_the_host_page_names_the_release_in_its_footer(tmp_path, name):
    folder = old_data.sqlite_instance(tmp_path / "club")
    game = old_data.figures()["games"][name]
    host = json.loads((folder / "hosts" / f"{game['id']}.json").read_text())["host"]
    client = app_on(folder, f"sqlite:///{folder / 'palazzo.db'}").test_client()
    page = client.get(f"/games/{game['id']}/host/join/{host}", follow_redirects=True)
    assert page.status_code == 200
    assert f'<footer class="release"><small>Palazzo {RELEASE}</small></footer>' in page.text
