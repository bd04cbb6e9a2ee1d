#!/usr/bin/env bash
# The VS Code extension (tools/editor/vscode/).
#   detect: bulletml.js finds BulletML files by their content: every probe and tie
#           of tests/pattern/ is one, a pom.xml and other XML are not (needs node;
#           skipped, exit 77, without it).
#   package: the extension bundles (esbuild) and packages (vsce) into a .vsix that
#           holds the bundle, the grammars, the licence and a package.json naming its
#           repository, and no node_modules. The tools come from NPM_TOOLS, a folder
#           where `npm install --prefix NPM_TOOLS @vscode/vsce esbuild
#           vscode-languageclient@^9.0.1` was run (.ci/run does it first): nothing is
#           downloaded here. Skipped (exit 77) when they are not there.
# usage: vscode_test.sh detect EXT_DIR TESTS_PATTERN_DIR
#        vscode_test.sh package EXT_DIR NPM_TOOLS
set -u
mode=$1
ext=$2
if ! command -v node >/dev/null; then
    echo "SKIP: no node on PATH (Debian: apt-get install nodejs npm)"
    exit 77
fi

if [ "$mode" = detect ]; then
    probes=$3
    CURTAIN_EXT="$ext" CURTAIN_PROBES="$probes" node -e '
const fs = require("fs"), path = require("path");
const { isBulletML } = require(path.resolve(process.env.CURTAIN_EXT, "bulletml.js"));
let fail = 0, yes = 0;
function expect(name, text, want) {
    if (isBulletML(text) !== want) {
        console.log(`FAIL: ${name}: isBulletML should be ${want}`);
        fail = 1;
    }
}
for (const dir of ["bulletml_probes", "bulletml_ties"])
    for (const f of fs.readdirSync(path.join(process.env.CURTAIN_PROBES, dir)))
        if (f.endsWith(".xml")) {
            expect(`${dir}/${f}`, fs.readFileSync(path.join(process.env.CURTAIN_PROBES, dir, f), "utf8"), true);
            yes++;
        }
expect("pom.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n  <!-- <bulletml> -->\n</project>\n", false);
expect("an svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><bulletml/></svg>", false);
expect("a longer name", "<bulletmlx/>", false);
expect("empty", "", false);
expect("prolog, comment, doctype", "\uFEFF<?xml version=\"1.0\" ?>\n<!-- a\n<b> -->\n<!DOCTYPE bulletml SYSTEM \"bulletml.dtd\" [ <!ENTITY x \"y\"> ]>\n<bulletml xmlns=\"http://www.asahi-net.or.jp/~cs8k-cyu/bulletml\">\n</bulletml>\n", true);
expect("a prefix", "<b:bulletml xmlns:b=\"x\"/>", true);
if (!fail) console.log(`${yes} BulletML files found by their content; other XML left alone`);
process.exit(fail);
'
    exit $?
fi

tools=$3
if [ ! -x "$tools/node_modules/.bin/vsce" ] || [ ! -x "$tools/node_modules/.bin/esbuild" ] ||
    [ ! -d "$tools/node_modules/vscode-languageclient" ]; then
    echo "SKIP: no vsce, esbuild and vscode-languageclient in $tools (run: npm install --prefix $tools @vscode/vsce esbuild vscode-languageclient@^9.0.1)"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$ext" "$work/ext"
rm -rf "$work/ext/node_modules" "$work/ext/dist"
if ! (cd "$work/ext" && NODE_PATH="$tools/node_modules" PATH="$tools/node_modules/.bin:$PATH" \
    vsce package --no-dependencies -o "$work/ext.vsix" </dev/null >"$work/vsce.log" 2>&1); then
    echo "FAIL: vsce package failed:"
    cat "$work/vsce.log"
    exit 1
fi
fail=0
list=$(cd "$work" && python3 -c 'import sys, zipfile; print("\n".join(zipfile.ZipFile("ext.vsix").namelist()))')
for f in extension/package.json extension/dist/extension.js extension/LICENSE.txt \
    extension/syntaxes/curtain-pattern.tmLanguage.json extension/syntaxes/bulletml.tmLanguage.json \
    extension/language-configuration.json extension/language-configuration-xml.json; do
    grep -qx "$f" <<<"$list" || { echo "FAIL: the package lacks $f"; fail=1; }
done
if grep -q 'node_modules/' <<<"$list"; then
    echo "FAIL: the package holds node_modules (the client should be in the bundle)"
    fail=1
fi
(cd "$work" && python3 - <<'PY') || fail=1
import json, sys, zipfile
z = zipfile.ZipFile("ext.vsix")
pkg = json.loads(z.read("extension/package.json"))
bundle = z.read("extension/dist/extension.js").decode()
ok = True
if not pkg.get("repository", {}).get("url"):
    print("FAIL: package.json names no repository"); ok = False
if pkg.get("main") != "./dist/extension.js":
    print("FAIL: package.json's main is not the bundle"); ok = False
if 'require("vscode-languageclient' in bundle or 'require("./bulletml' in bundle:
    print("FAIL: the bundle still requires its modules instead of holding them"); ok = False
langs = {l["id"] for l in pkg["contributes"]["languages"]}
if "bulletml" not in langs or any(".xml" in l.get("extensions", []) for l in pkg["contributes"]["languages"]):
    print("FAIL: BulletML is not a language of its own found by content"); ok = False
sys.exit(0 if ok else 1)
PY
[ "$fail" = 0 ] || exit 1
echo "packaged: $(wc -l <<<"$list") files, $(stat -c %s "$work/ext.vsix") bytes ($(grep -o 'Packaged.*' "$work/vsce.log"))"
