"""What a person sees in a terminal: the README's commands are the CLI's,
every command answers -h, and the text output fits 80 columns."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer
from rich.cells import cell_len

from simulator.cli import app as cli
from cli_runner import cli_runner

README = Path(__file__).resolve().parents[1] / "README.md"
COMMANDS_DOC = README.parent / "docs" / "commands.md"




def _cli_commands() -> dict:
    """Every command the CLI has, by its path ("report balance")."""
    group = typer.main.get_command(cli.app)
    out = {}

    def walk(cmd, prefix):
        for name, sub in cmd.commands.items():
            if hasattr(sub, "commands"):              # a group (typer ships its own click)
                walk(sub, f"{prefix}{name} ")
            else:
                out[f"{prefix}{name}"] = sub
    walk(group, "")
    return out


def _readme_command_lines(*docs: Path) -> list[list[str]]:
    """The `domsim ...` lines of the README's sh blocks (and ``docs``'), as words."""
    lines = []
    text = "".join(p.read_text(encoding="utf-8") for p in (README, *docs))
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split(" # ")[0].strip()
            if line.startswith("domsim "):
                lines.append(shlex.split(line)[1:])
    return lines


def test_readme_lists_exactly_the_cli_commands():
    commands = _cli_commands()
    shown = set()
    for words in _readme_command_lines():
        if words[0].startswith("-"):
            continue                                  # domsim --install-completion
        name = " ".join(words[:2]) if " ".join(words[:2]) in commands else words[0]
        assert name in commands, f"the README shows 'domsim {name}', which the CLI lacks"
        shown.add(name)
    missing = sorted(set(commands) - shown)
    assert not missing, f"commands missing from the README's command lists: {missing}"


def test_readme_options_exist():
    commands = _cli_commands()
    top = typer.main.get_command(cli.app)
    top_opts = {o for p in top.params for o in p.opts}
    for words in _readme_command_lines(COMMANDS_DOC):
        if words[0].startswith("-"):
            assert words[0] in top_opts, words
            continue
        name = " ".join(words[:2]) if " ".join(words[:2]) in commands else words[0]
        cmd = commands[name]
        if name == "bench":
            continue                                  # its options are argparse's
        opts = {o for p in cmd.params for o in [*p.opts, *p.secondary_opts]}
        for w in words:
            if w.startswith("-") and not re.fullmatch(r"-\d.*", w):
                assert w in opts, f"README: 'domsim {name}' has no option {w}"


@pytest.mark.parametrize("path", sorted(_cli_commands()))
def test_every_command_answers_dash_h(path):
    res = cli_runner().invoke(cli.app, [*path.split(), "-h"])
    assert res.exit_code == 0, (path, res.output)
    assert "Usage" in res.stdout or "usage" in res.stdout


def test_completion_is_on():
    res = cli_runner().invoke(cli.app, ["--help"])
    assert "--install-completion" in res.stdout


def _fits(text: str, width: int = 80) -> None:
    wide = [line for line in text.splitlines() if cell_len(line) > width]
    assert not wide, f"{len(wide)} lines wider than {width}: {wide[:2]}"


@pytest.mark.parametrize("args", [
    ["strategies"], ["cards"], ["cards", "--lang", "ja"], ["cards", "--lang", "de"],
    ["kingdoms"],
    ["compare", "big-money", "smithy", "bm-witch", "-n", "300"],
    ["compare", "big-money", "smithy", "--players", "4", "-n", "300"],
    ["compare", "bm-witch", "big-money", "-n", "300", "--explain"],
    ["tournament", "big-money", "smithy", "bm-witch", "bm-militia", "-n", "200"],
    ["sweep", "--strategies", "bm-witch,bm-militia,smithy", "-n", "200"],
    ["sweep", "--kingdoms", "random:2", "--best-card", "-n", "100"],
    ["log", "smithy", "big-money", "bm-witch"],
])
def test_text_fits_80_columns(args, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    res = cli_runner().invoke(cli.app, args)
    assert res.exit_code == 0, (res.output, res.exception)
    _fits(res.stdout)


def test_wide_shows_every_column(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    narrow = cli_runner().invoke(cli.app, ["compare", "big-money", "smithy", "-n", "200"]).stdout
    wide = cli_runner().invoke(cli.app, ["compare", "big-money", "smithy", "-n", "200",
                                      "--wide"]).stdout
    head = [line for line in narrow.splitlines() if line.startswith("strategy")][0]
    assert "left out to fit 80 columns" in narrow and "turn cap" not in head
    head = [line for line in wide.splitlines() if line.startswith("strategy")][0]
    assert "left out" not in wide and "turn cap" in head
    assert max(map(cell_len, wide.splitlines())) > 80


def test_japanese_card_names_line_up(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    text = cli_runner().invoke(cli.app, ["cards", "--lang", "ja"]).stdout.split("\n\n")[0]
    rows = text.splitlines()[2:]
    # the cost column ends at the same terminal cell in every row (a row
    # that starts with a name: the others continue a wrapped text)
    ends = {cell_len(line[:line.index("$") + 2].rstrip()) for line in rows
            if line[:1].strip() and re.search(r"\$\d ", line)}
    assert len(ends) == 1, ends
