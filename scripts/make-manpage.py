#!/usr/bin/env python3
"""Writes the man page plumage.1 from the argument parser's own description of the command line.

Usage: make-manpage.py PLUMAGE_BINARY VERSION DATE OUT.1

Runs `PLUMAGE_BINARY --experimental-dump-help` (swift-argument-parser's JSON description of every
command, option and argument) and turns it into roff: NAME and SYNOPSIS from the root command, one
subsection per visible subcommand (nested ones such as `bench scroll` included) with its options,
then the sections the parser does not know (exit status, environment, files), written here. Hidden
commands and options, and the generated `help` command, are left out. Run by `make install`.
"""

import json
import subprocess
import sys

EXIT_STATUS = [
    ("0", "Success."),
    ("1", "Bad input: a source, image or theme that cannot be read or used (an unknown --theme "
          "name too), or an output that cannot be written; a one-line message on standard error "
          "says which and why."),
    ("64", "Usage error (EX_USAGE), found while parsing the command line: an unknown command or "
           "option, a missing value, or a value of the wrong form or range (--size 5x5, --scale "
           "abc); the message is followed by the command's usage."),
]

ENVIRONMENT = [
    ("PLUMAGE_DATA_DIR", "The folder holding Assets/ and Fonts/. Without it, plumage looks in "
                         "../share/plumage beside its executable, then in the executable's folder "
                         "and its parents, then in the current directory."),
    ("PLUMAGE_SCALE, GDK_SCALE", "The HiDPI scale on X11, for example 2."),
    ("PLUMAGE_TRACE_STARTUP", "When 1, prints the time to the first frame."),
    ("XDG_DATA_HOME", "Where the recently opened list is kept (plumage/recents.json; default "
                      "~/.local/share)."),
    ("XDG_CACHE_HOME", "Where index caches (plumage/sources/) and copies of videos inside zips "
                       "handed to xdg-open (plumage/open/) are kept (default ~/.cache)."),
]

FILES = [
    ("PREFIX/share/plumage/", "The bundled assets (demo feed, themes, icons, backgrounds) and fonts."),
    ("~/.local/share/plumage/recents.json", "The recently opened sources and photos."),
    ("~/.cache/plumage/", "Index caches of large sources; safe to delete."),
]


def roff(text):
    """Text escaped for roff: backslashes, hyphens of options, and a leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        lines.append("\\&" + line if line.startswith((".", "'")) else line)
    return "\n".join(lines)


def flag_names(argument):
    """An option's spellings as written on the command line (`-o, --out`)."""
    spelled = []
    for name in argument.get("names", []):
        dash = {"long": "--", "short": "-", "longWithSingleDash": "-"}[name["kind"]]
        spelled.append(dash + name["name"])
    return spelled


def usage_term(argument):
    """How an argument appears in a synopsis or an option list, bold names and italic values."""
    value = argument.get("valueName", "value").upper()
    if argument["kind"] == "positional":
        term = f"\\fI{roff(value)}\\fR"
        return term + ("\\ ..." if argument.get("isRepeating") else "")
    names = ", ".join(f"\\fB{roff(n)}\\fR" for n in flag_names(argument))
    if argument["kind"] == "option":
        names += f" \\fI{roff(value)}\\fR"
    return names


GLOBAL_FLAGS = {"help", "version"}  # every command accepts them; listed once, under OPTIONS


def visible(items):
    """The entries the parser shows in help."""
    return [item for item in items or [] if item.get("shouldDisplay", True)]


def is_global(argument):
    """True for `--help` and `--version`."""
    return argument.get("preferredName", {}).get("name") in GLOBAL_FLAGS


def subcommands(command):
    """The command's visible subcommands, without the generated `help`."""
    return [c for c in visible(command.get("subcommands")) if c["commandName"] != "help"]


def synopsis(path, command):
    """One SYNOPSIS line: the command path, `[options]` when it has any, then its positionals."""
    parts = [f"\\fB{roff(path)}\\fR"]
    arguments = [a for a in visible(command.get("arguments")) if not is_global(a)]
    if any(a["kind"] != "positional" for a in arguments):
        parts.append("[\\fIoptions\\fR]")
    for argument in arguments:
        if argument["kind"] == "positional":
            term = usage_term(argument)
            parts.append(f"[{term}]" if argument.get("isOptional") else term)
    return ".br\n" + " ".join(parts)


def leaves(path, command):
    """Every runnable command under `command` (itself when it has no subcommands), depth first."""
    children = subcommands(command)
    if not children:
        return [(path, command)]
    found = []
    for child in children:
        found += leaves(f"{path} {child['commandName']}", child)
    return found


def option_list(command, global_flags=False):
    """A tagged paragraph per visible argument (or only `--help` and `--version`), with its default
    and allowed values."""
    out = []
    for argument in visible(command.get("arguments")):
        if is_global(argument) != global_flags:
            continue
        help_text = argument.get("abstract", "")
        if argument.get("discussion"):
            help_text += " " + argument["discussion"]
        if argument.get("allValues"):
            help_text += " One of: " + ", ".join(argument["allValues"]) + "."
        if "defaultValue" in argument and argument["kind"] != "flag":
            help_text += f" Default: {argument['defaultValue']}."
        out.append(".TP\n" + usage_term(argument) + "\n" + roff(help_text.strip() or "(no description)"))
    return out


def section(title, entries):
    """A section of tagged paragraphs from (term, text) pairs."""
    body = [f".SH {title}"]
    for term, text in entries:
        body.append(f".TP\n\\fB{roff(term)}\\fR\n{roff(text)}")
    return body


def page(info, version, date):
    """The whole man page for the root command in `info`."""
    root = info["command"]
    name = root["commandName"]
    default = root.get("defaultSubcommand")
    commands = leaves(name, root)
    out = [
        f'.TH {name.upper()} 1 "{date}" "{name} {version}" "User Commands"',
        ".SH NAME",
        f"{name} \\- {roff(root.get('abstract', ''))}",
        ".SH SYNOPSIS",
    ]
    out += [synopsis(path, command) for path, command in commands]
    out.append(f".br\n\\fB{name}\\fR \\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR")
    out += [".SH DESCRIPTION", roff(root.get("abstract", ""))]
    if root.get("discussion"):
        out += [".PP", roff(root["discussion"])]
    if default:
        out += [".PP", roff(f"Without a command, {name} runs '{name} {default}': "
                            f"'{name} PATH' is '{name} {default} PATH'.")]
    out += [".SH OPTIONS", roff("Every command takes these.")]
    out += option_list(root, global_flags=True)
    out.append(".SH COMMANDS")
    for path, command in commands:
        out.append(f'.SS "{roff(path)}"')
        out.append(roff(command.get("abstract", "")))
        if command.get("discussion"):
            out += [".PP", roff(command["discussion"])]
        out += option_list(command)
    out += section("EXIT STATUS", EXIT_STATUS)
    out += section("ENVIRONMENT", ENVIRONMENT)
    out += section("FILES", FILES)
    out += [".SH SEE ALSO", "\\fBxdg\\-open\\fR(1)", ""]
    return "\n".join(out)


def main():
    """Entry point: see the module docstring."""
    if len(sys.argv) != 5:
        sys.exit(__doc__.strip().split("\n\n")[1])
    binary, version, date, out = sys.argv[1:]
    dumped = subprocess.run([binary, "--experimental-dump-help"], check=True, capture_output=True, text=True)
    text = page(json.loads(dumped.stdout), version, date)
    with open(out, "w", encoding="utf-8") as file:
        file.write(text)


if __name__ == "__main__":
    main()
