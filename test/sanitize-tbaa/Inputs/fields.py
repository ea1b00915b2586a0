"""Prints the fields of the first JSON tbaa report on stdin, one a line
(`first.location file:line:col`), for FileCheck."""
import json
import sys

r = json.loads(sys.stdin.readline())
for key in ["kind", "function", "point"]:
    print(key, r[key])
for side in ["first", "second"]:
    print(side + ".instruction", r[side]["instruction"])
    print(side + ".location", " ".join(r[side]["location"]))
print("bytes.size", r["bytes"]["size"])
print("claim", r["claim"])
