# lit configuration for aliaskit's tests under test/.
#
# Substitutions available in RUN lines:
#   %opt      LLVM 22's opt with the aliaskit plugin loaded
#   %opt-llvm LLVM 22's opt without the plugin (built-in analyses only)
#   %plugin   path of libaliaskit.so
# FileCheck, not, count, split-file, llvm-as, llvm-dis come from LLVM_BIN.
#
# Environment: LLVM_BIN (default /usr/lib/llvm-22/bin), ALIASKIT_PLUGIN
# (default target/release/libaliaskit.so next to this file).

import os

import lit.formats

config.name = "aliaskit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test"]
config.excludes = ["Inputs", "target", "examples", "tools", "bench", "core", "src"]
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

config.environment["PATH"] = os.pathsep.join(
    [llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))]
)
# Warnings are part of what tests check; keep the default filter unless a
# test sets RUST_LOG itself.
for var in ["RUST_LOG", "ALIASKIT_ENABLE_TBAA"]:
    config.environment.pop(var, None)
