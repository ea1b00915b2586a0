# lit configuration for aliaskit's tests under test/.
#
# Substitutions available in RUN lines:
#   %opt      LLVM 22's opt with the aliaskit plugin loaded
#   %opt-llvm LLVM 22's opt without the plugin (built-in analyses only)
#   %plugin   path of libaliaskit.so
#   %aliaskit the aliaskit command (target/release/aliaskit)
#   %llvm_bin LLVM 22's bin directory (clang, ld.lld, ...)
# Features: lld (ld.lld in LLVM_BIN), flang (flang in LLVM_BIN), graphviz
# (dot on PATH).
# FileCheck, not, count, split-file, llvm-as, llvm-dis come from LLVM_BIN.
#
# Environment: LLVM_BIN (default /usr/lib/llvm-22/bin), ALIASKIT_PLUGIN
# (default target/release/libaliaskit.so next to this file).

import os
import sys

import lit.formats

config.name = "aliaskit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test"]
config.excludes = ["Inputs", "target", "examples", "tools", "bench", "checks", "corpora", "core", "src"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(os.path.dirname(__file__), "target", "lit")

llvm_bin = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
plugin = os.environ.get(
    "ALIASKIT_PLUGIN",
    os.path.join(os.path.dirname(__file__), "target", "release", "libaliaskit.so"),
)
if not os.path.exists(plugin):
    lit_config.fatal("plugin not built: %s (run cargo build --release)" % plugin)

opt = os.path.join(llvm_bin, "opt")
config.substitutions.append(("%opt-llvm", opt))
config.substitutions.append(("%opt", "%s -load-pass-plugin=%s" % (opt, plugin)))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(
    ("%aliaskit", os.path.join(os.path.dirname(plugin), "aliaskit"))
)
config.substitutions.append(("%llvm_bin", llvm_bin))
config.substitutions.append(("%python", sys.executable))
if os.path.exists(os.path.join(llvm_bin, "ld.lld")):
    config.available_features.add("lld")
if os.path.exists(os.path.join(llvm_bin, "flang")):
    config.available_features.add("flang")
import shutil

if shutil.which("dot"):
    config.available_features.add("graphviz")
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
# Warnings are part of what tests check; keep the default filter unless a
# test sets RUST_LOG itself.
for var in ["RUST_LOG", "ALIASKIT_ENABLE_TBAA", "ALIASKIT_BISECT", "ALIASKIT_BISECT_LOG"]:
    config.environment.pop(var, None)
if shutil.which("ccache"):
    config.available_features.add("ccache")
