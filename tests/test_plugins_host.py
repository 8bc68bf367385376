"""The plugin host: finding plugins, checking options and hook names, reporting failures."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT

from studkit.errors import PluginError, StudkitError, VariantError
from studkit.hooks import host as pluginhost
from studkit.hooks.host import PluginHost, host_for
from studkit.hooks.registry import PluginRegistry
from studkit.hooks.specs import Holding
from studkit.simulation.report import RUN_FIELDS
from studkit.variant.model import PluginRef, PotShare, Variant


@pytest.fixture(autouse=True)
def autoload_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Entry-point plugins autoload unless a test says otherwise."""
    monkeypatch.delenv(pluginhost.AUTOLOAD_ENV, raising=False)


def write_plugin(directory: Path, name: str, body: str) -> Path:
    path = directory / f"{name}.py"
    path.write_text("from studkit.hooks.specs import hookimpl\n\n" + body)
    return path


def test_builtin_found_by_dotted_path_with_dashes() -> None:
    source = pluginhost.find_plugin("hole-spade")
    assert source.origin == "builtin"
    assert source.location == "studkit.plugins.hole_spade"
    assert "Chicago" in source.summary


def test_unknown_plugin_suggests_the_close_name() -> None:
    with pytest.raises(PluginError, match=r"'hole-spades'; did you mean 'hole-spade'"):
        pluginhost.find_plugin("hole-spades")


def test_options_checked_against_the_plugins_schema() -> None:
    with pytest.raises(PluginError, match=r"'hole-spade': options.direction: 'lo' is not one of"):
        PluginHost([PluginRef("hole-spade", {"direction": "lo"})])
    with pytest.raises(PluginError, match=r"Additional properties.*'colour'"):
        PluginHost([PluginRef("hole-spade", {"colour": "red"})])
    problems = pluginhost.options_problems("hole-spade", {"ace": 1})
    assert problems and problems[0][0] == ("ace",)


def test_plugin_without_schema_takes_no_options(tmp_path: Path) -> None:
    write_plugin(tmp_path, "plain", "")
    registry = PluginRegistry([tmp_path])
    with pytest.raises(PluginError, match=r"'plain': options: Additional properties"):
        PluginHost([PluginRef("plain", {"x": 1})], registry=registry)


def test_named_twice_is_an_error() -> None:
    with pytest.raises(PluginError, match="named twice"):
        PluginHost([PluginRef("hole-spade"), PluginRef("hole-spade")])


def test_misspelled_hook_names_plugin_and_hook(tmp_path: Path) -> None:
    write_plugin(
        tmp_path,
        "typo",
        "@hookimpl\ndef studkit_card_delt(card):\n    return None\n",
    )
    with pytest.raises(
        PluginError,
        match=r"plugin 'typo' implements unknown hook 'studkit_card_delt'; "
        r"did you mean 'studkit_card_dealt'",
    ):
        PluginHost(registry=PluginRegistry([tmp_path]))


def test_unknown_hook_argument_names_the_plugin(tmp_path: Path) -> None:
    write_plugin(tmp_path, "badarg", "@hookimpl\ndef studkit_bring_in(hand, sear):\n    return 0\n")
    with pytest.raises(PluginError, match=r"plugin 'badarg'.*sear"):
        PluginHost(registry=PluginRegistry([tmp_path]))


def test_wrappers_are_refused(tmp_path: Path) -> None:
    write_plugin(
        tmp_path,
        "wrap",
        "@hookimpl(wrapper=True)\ndef studkit_bring_in(hand, seat):\n    return (yield)\n",
    )
    with pytest.raises(PluginError, match=r"plugin 'wrap': hook 'studkit_bring_in' is a wrapper"):
        PluginHost(registry=PluginRegistry([tmp_path]))


def test_exception_inside_a_plugin_is_reported_naming_it(tmp_path: Path) -> None:
    write_plugin(
        tmp_path,
        "broken",
        "@hookimpl\ndef studkit_bring_in(seat):\n    raise KeyError(seat)\n",
    )
    host = PluginHost(registry=PluginRegistry([tmp_path]))
    with pytest.raises(PluginError, match=r"plugin 'broken' failed in studkit_bring_in: KeyError"):
        host.call_first("studkit_bring_in", hand=None, seat=3)
    assert isinstance(PluginError("x"), StudkitError)


def test_import_error_names_the_plugin(tmp_path: Path) -> None:
    (tmp_path / "noimport.py").write_text("import no_such_module_anywhere\n")
    with pytest.raises(PluginError, match=r"plugin 'noimport' .* failed to import"):
        PluginHost(registry=PluginRegistry([tmp_path]))


def test_plugins_dir_must_exist(tmp_path: Path) -> None:
    with pytest.raises(PluginError, match=r"--plugins-dir .*: not a directory"):
        PluginRegistry([tmp_path / "missing"])


def test_plugins_dir_plugin_acts_in_every_game_and_can_be_named(tmp_path: Path) -> None:
    write_plugin(
        tmp_path,
        "second_seat",
        "OPTIONS_SCHEMA = {'type': 'object', 'properties': {'seat': {'type': 'integer'}}}\n"
        "class Plugin:\n"
        "    def __init__(self, options):\n"
        "        self.seat = options.get('seat', 1)\n"
        "    @hookimpl\n"
        "    def studkit_bring_in(self, seat):\n"
        "        return self.seat\n",
    )
    registry = PluginRegistry([tmp_path])
    assert pluginhost.available_plugins(registry)["second-seat"] == "plugins-dir"
    assert "second-seat" not in pluginhost.available_plugins()
    host = host_for(Variant(name="seven-card-stud", plugin_registry=registry))
    assert host is not None and host.plugin_names == ("second-seat",)
    assert host.call_first("studkit_bring_in", hand=None, seat=0) == 1
    named = PluginHost([PluginRef("second-seat", {"seat": 4})], registry=registry)
    assert named.call_first("studkit_bring_in", hand=None, seat=0) == 4


def test_no_plugins_means_no_host() -> None:
    variant = Variant(name="seven-card-stud")
    assert host_for(variant) is None
    assert host_for(variant) is None  # cached


def test_host_calls_only_what_is_implemented() -> None:
    host = PluginHost([PluginRef("hole-spade")])
    assert not host.implements("studkit_card_dealt")
    assert host.calls("studkit_card_dealt") == ()
    holdings = [None, Holding(1, (), ()), None]
    share = PotShare("spade", "high")
    result = host.call_first("studkit_share_strengths", hand=None, share=share, holdings=holdings)
    assert result is None


def _fake_distribution(site: Path, name: str = "deuces-wild") -> None:
    """Install the example plugin by hand: its package plus a dist-info with entry points."""
    source = ROOT / "tests" / "example_plugin" / "studkit_deuces"
    target = site / "studkit_deuces"
    target.mkdir(parents=True)
    (target / "__init__.py").write_text((source / "__init__.py").read_text())
    info = site / "studkit_deuces-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: studkit-deuces\nVersion: 1.0.0\n")
    (info / "entry_points.txt").write_text(f"[studkit.plugins]\n{name} = studkit_deuces\n")


@pytest.fixture
def installed_example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    site = tmp_path / "site"
    _fake_distribution(site)
    monkeypatch.syspath_prepend(str(site))
    yield site
    sys.modules.pop("studkit_deuces", None)


def test_entry_point_plugin_autoloads_into_every_game(installed_example: Path) -> None:
    assert pluginhost.available_plugins()["deuces-wild"] == "entry-point"
    source = pluginhost.find_plugin("deuces-wild")
    assert source.origin == "entry-point" and "studkit-deuces" in source.location
    host = host_for(Variant(name="seven-card-stud"))
    assert host is not None and host.plugin_names == ("deuces-wild",)


def test_disable_autoload_keeps_entry_points_to_named_use(
    installed_example: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(pluginhost.AUTOLOAD_ENV, "1")
    assert host_for(Variant(name="seven-card-stud")) is None
    named = PluginHost([PluginRef("deuces-wild", {"also": ["7"]})])
    assert named.plugin_names == ("deuces-wild",)


def test_example_package_installed_with_pip_changes_a_game(tmp_path: Path) -> None:
    """The real path: pip installs the example package into a directory of its own; a fresh
    Python finds the entry point and plays deuces wild, unless autoloading is off."""
    target = tmp_path / "site"
    package = tmp_path / "example_plugin"  # a copy: building writes into the source tree
    shutil.copytree(ROOT / "tests" / "example_plugin", package)
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
         str(package)],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    entry_points = next(target.glob("studkit_deuces-*.dist-info")) / "entry_points.txt"
    assert "deuces-wild = studkit_deuces" in entry_points.read_text()
    from test_plugins_games import deal_order

    from studkit.variant.loader import load_variant

    order = deal_order(
        load_variant("seven-card-stud"), ["2c 2d Kc Kh 8d Jc 3s", "Ah Ad Ac 9h 7s 6s 4d"]
    )
    code = (
        "import sys\n"
        "from studkit import load_variant\nfrom studkit.hooks import host as pluginhost\n"
        "from studkit.cards import parse_cards\n"
        "from studkit.engine import Hand\n"
        "print(pluginhost.find_plugin('deuces-wild').origin)\n"
        "hand = Hand(load_variant('seven-card-stud'), [100, 100], cards=parse_cards(sys.argv[1]))\n"
        "while not hand.is_over:\n"
        "    hand.check_or_call()\n"
        "print(hand.awards[0][0], hand.awards[0][4])\n"
    )
    outputs = []
    for disable in ("", "1"):
        env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"}
        if disable:
            env[pluginhost.AUTOLOAD_ENV] = disable
        run = subprocess.run(
            [sys.executable, "-c", code, " ".join(map(str, order))],
            capture_output=True, text=True, check=False, env=env, cwd=tmp_path,
        )
        assert run.returncode == 0, run.stderr
        outputs.append(run.stdout.splitlines())
    assert outputs[0] == ["entry-point", "0 Four of a kind, kings, kicker J"]  # deuces wild
    assert outputs[1] == ["entry-point", "1 Three of a kind, aces, kickers 9-7"]  # autoload off


def test_plugins_dir_option_works_before_or_after_any_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import studkit.cli

    write_plugin(tmp_path, "quiet", "")
    assert studkit.cli.main(["--plugins-dir", str(tmp_path), "list"]) == 0
    assert pluginhost.take_plugins_dirs(["list", "--plugins-dir", str(tmp_path)]) == (
        PluginRegistry([tmp_path]), ["list"]
    )
    assert studkit.cli.main(["list", f"--plugins-dir={tmp_path}"]) == 0
    assert studkit.cli.main(["list", "--plugins-dir", str(tmp_path / "nope")]) == 2
    assert "--plugins-dir" in capsys.readouterr().err
    assert studkit.cli.main(["list", "--plugins-dir"]) == 2


def test_a_broken_plugins_dir_plugin_is_a_clean_cli_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import studkit.cli

    write_plugin(tmp_path, "typo", "@hookimpl\ndef studkit_bring_inn(seat):\n    return 0\n")
    code = studkit.cli.main(["--plugins-dir", str(tmp_path), "show", "seven-card-stud"])
    err = capsys.readouterr().err
    assert code == 2 and "plugin 'typo' implements unknown hook 'studkit_bring_inn'" in err
    assert "Traceback" not in err


def test_plugins_command_lists_and_describes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    import studkit.cli

    write_plugin(tmp_path, "house_rule", '"""A house rule: nothing yet."""\n')
    assert studkit.cli.main(["plugins", "--plugins-dir", str(tmp_path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    origins = {p["name"]: p["origin"] for p in listed["plugins"]}
    assert origins["hole-spade"] == "builtin" and origins["house-rule"] == "plugins-dir"
    assert listed["autoload"] is True
    assert studkit.cli.main(["plugins", "twist", "--json"]) == 0
    twist = json.loads(capsys.readouterr().out)
    assert twist["hooks"] == ["studkit_kernel_rule", "studkit_twist_offer"]
    assert [o["option"] for o in twist["options"]] == ["after", "cost", "faces", "replacement_face"]
    assert studkit.cli.main(["plugins", "community-card"]) == 0
    assert '"spec" | "tda" | "burns-only" (default spec)' in capsys.readouterr().out
    assert studkit.cli.main(["plugins", "twister"]) == 2
    assert "did you mean 'twist'" in capsys.readouterr().err


def test_two_plugin_registries_with_their_own_directories_in_one_process(
    tmp_path: Path,
) -> None:
    """Two sets of plugin directories side by side: each variant plays by the house plugin
    of the registry it was loaded with, and a plugin only one set has is unknown to the
    other."""
    import pickle

    from studkit import Hand, load_variant
    from studkit.variant.loader import load_variant_text

    first, second = tmp_path / "first", tmp_path / "second"
    for directory, seat in ((first, 0), (second, 2)):
        directory.mkdir()
        write_plugin(
            directory, "picker",
            f"@hookimpl\ndef studkit_bring_in(seat):\n    return {seat}\n",
        )
    write_plugin(first, "only_here", '"""A rule only the first set has."""\n')
    registries = PluginRegistry([first]), PluginRegistry([second])
    forced = []
    for registry in registries:
        variant = load_variant("seven-card-stud", registry=registry)
        assert variant.plugin_registry is registry
        assert host_for(variant) is host_for(variant)  # one host per plugin list
        hand = Hand(variant, [100, 100, 100], seed=1)
        forced.append(hand.forced_seat)
        assert pickle.loads(pickle.dumps(hand)).forced_seat == hand.forced_seat
    assert forced == [0, 2]
    plain = Hand(load_variant("seven-card-stud"), [100, 100, 100], seed=1)
    assert plain.rules.plugins is None  # no registry given: no house plugins
    text = "studkit: 1\nextends: seven-card-stud\nname: x\nplugins:\n  - name: only-here\n"
    assert load_variant_text(text, registry=registries[0]).plugins[0].name == "only-here"
    with pytest.raises(VariantError, match="only-here"):
        load_variant_text(text, registry=registries[1])


def _picker_dirs(tmp_path: Path) -> tuple[Path, Path]:
    """Two plugin directories, each with a house plugin ``picker`` that brings in another
    seat (0 and 2)."""
    first, second = tmp_path / "first", tmp_path / "second"
    for directory, seat in ((first, 0), (second, 2)):
        directory.mkdir()
        write_plugin(
            directory, "picker", f"@hookimpl\ndef studkit_bring_in(seat):\n    return {seat}\n"
        )
    return first, second


def test_two_plugins_dir_sets_on_the_command_line_in_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    import studkit.cli

    first, second = _picker_dirs(tmp_path)
    write_plugin(second, "only_second", '"""A rule only the second set has."""\n')
    runs = {}
    for label, extra in (("first", ["--plugins-dir", str(first)]),
                         ("second", [f"--plugins-dir={second}"]), ("none", [])):
        assert studkit.cli.main([*extra, "plugins", "--json"]) == 0
        listed = {p["name"] for p in json.loads(capsys.readouterr().out)["plugins"]}
        assert ("picker" in listed) is (label != "none")
        assert ("only-second" in listed) is (label == "second")
        argv = ["simulate", "seven-card-stud", "--hands", "30", "--players", "3", "--seed", "5",
                "--workers", "1", "--bots", "tag", "--json", *extra]
        assert studkit.cli.main(argv) == 0
        runs[label] = json.loads(capsys.readouterr().out)
    seats = {label: [seat["net"] for seat in run["seats"]] for label, run in runs.items()}
    assert len({json.dumps(s) for s in seats.values()}) == 3, seats  # each played its rule
    again = ["simulate", "seven-card-stud", "--hands", "30", "--players", "3", "--seed", "5",
             "--workers", "1", "--bots", "tag", "--json", "--plugins-dir", str(first)]
    assert studkit.cli.main(again) == 0
    same = {k: v for k, v in json.loads(capsys.readouterr().out).items() if k not in RUN_FIELDS}
    assert same == {k: v for k, v in runs["first"].items() if k not in RUN_FIELDS}


def _forced_seat_in_a_fresh_process(variant: Variant) -> tuple[tuple[str, ...], int]:
    from studkit import Hand

    host = host_for(variant)
    return (host.plugin_names if host else ()), Hand(variant, [100] * 3, seed=1).forced_seat


def test_a_worker_process_plays_with_the_registry_of_its_variant(tmp_path: Path) -> None:
    """A variant sent to another process (pickled, as Python's spawn start method does, and
    by a pool's workers) finds its plugins in the same directories there."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from studkit import load_variant, simulate

    first, second = _picker_dirs(tmp_path)
    variants = [load_variant("seven-card-stud", registry=PluginRegistry([d]))
                for d in (first, second)]
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn) as pool:
        found = list(pool.map(_forced_seat_in_a_fresh_process, variants))
    assert found == [(("picker",), 0), (("picker",), 2)]
    kwargs: dict[str, object] = dict(hands=40, players=3, bots="calling-station", seed=9)
    alone = simulate(variants[1], workers=1, **kwargs).to_json()  # type: ignore[arg-type]
    shared = simulate(variants[1], workers=2, **kwargs).to_json()  # type: ignore[arg-type]
    plain = simulate("seven-card-stud", workers=2, **kwargs).to_json()  # type: ignore[arg-type]
    assert {k: v for k, v in shared.items() if k not in RUN_FIELDS} == {
        k: v for k, v in alone.items() if k not in RUN_FIELDS}
    assert shared["seats"] != plain["seats"]
