#!/usr/bin/env bash
# Builds Aalina (Joan Sala Soler's Oware engine, GPL-3.0) from its sources, without
# Maven, into a folder outside this repository:
#
#   tools/aalina/build.sh OWARE_SRC SAMURAI_SRC OUT_DIR
#
# OWARE_SRC: the `oware` repository (commit bb17feca057bdd225d8c9d3cf7120813182578d4),
# SAMURAI_SRC: the `samurai` repository (commit 5f45b1b209ed09d97b8bf442f88af6b8b4452ba5).
# OUT_DIR gets aalina.jar (Main-Class com.joansala.game.oware.OwareModule, its
# libraries the Debian jars in /usr/share/java), oware.properties and the two books
# (oware-roots.bin, oware-leaves.bin) beside it. Installs the Debian packages it needs
# when they are missing (as root). Ends by checking that `java -jar aalina.jar service`
# answers `uci`, a position and `go movetime 100` with a `bestmove`.
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "usage: $0 OWARE_SRC SAMURAI_SRC OUT_DIR" >&2
    exit 2
fi
oware=$(cd "$1" && pwd)
samurai=$(cd "$2" && pwd)
mkdir -p "$3"
out=$(cd "$3" && pwd)

for d in "$oware/src/main/java/com/joansala/game/oware" "$samurai/src/main/java/com/joansala/engine" \
         "$oware/src/main/resources"; do
    [ -d "$d" ] || { echo "$d: missing (wrong source folder?)" >&2; exit 1; }
done

packages="openjdk-17-jdk-headless libdb-je-java libguice-java libpicocli-java libjline3-java libjansi-java"
missing=""
for p in $packages; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi

# The Debian jars Aalina needs. Guice without AOP: the full Guice jar needs
# --add-opens on Java 17.
jars="db-je guice-no-aop picocli jline3-reader jline3-terminal jline3-builtins
      jline3-terminal-jansi jansi guava atinject-jsr330-api aopalliance"
cp=""
manifest_cp=""
for j in $jars; do
    f=/usr/share/java/$j.jar
    [ -f "$f" ] || { echo "$f: missing" >&2; exit 1; }
    cp="$cp:$f"
    manifest_cp="$manifest_cp file:$f"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes"
find "$samurai/src/main/java" "$oware/src/main/java" -name '*.java' > "$work/sources.txt"
echo "compiling $(wc -l < "$work/sources.txt") Java files"
nice javac --release 11 -nowarn -encoding UTF-8 -cp "${cp#:}" -d "$work/classes" @"$work/sources.txt"
if [ -d "$samurai/src/main/resources/META-INF" ]; then
    cp -r "$samurai/src/main/resources/META-INF" "$work/classes/"
fi
printf 'Main-Class: com.joansala.game.oware.OwareModule\nClass-Path:%s\n' "$manifest_cp" > "$work/manifest.txt"
jar cfm "$out/aalina.jar" "$work/manifest.txt" -C "$work/classes" .
cp "$oware/src/main/resources/oware-roots.bin" "$oware/src/main/resources/oware-leaves.bin" "$out/"
# Maven fills these in from the pom.
sed -e 's/\${project.name}/Aalina/' -e 's/\${project.version}/2.1.0/' \
    -e 's/\${project.organization.name}/Joan Sala Soler/' \
    "$oware/src/main/resources/oware.properties" > "$out/oware.properties"

echo "checking $out/aalina.jar service"
answer=$( (printf 'uci\nisready\nucinewgame\nposition startpos moves FfEeB\ngo movetime 100\n'; sleep 5; echo quit) \
          | timeout 60 java -jar "$out/aalina.jar" service)
echo "$answer" | grep -E '^(id name|uciok|readyok|bestmove)'
echo "$answer" | grep -q '^bestmove [a-f]' || { echo "no bestmove for North" >&2; exit 1; }
echo "built $out/aalina.jar"
