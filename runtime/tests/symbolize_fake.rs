//! The symbolizer's protocol and child process, with a fake llvm-symbolizer
//! (a shell script). One test: it sets the process environment.

use aliaskit_rt::options::{Options, ENV_VAR};
use aliaskit_rt::symbolize::{symbolize, SYMBOLIZER_ENV_VAR};
use std::os::unix::fs::PermissionsExt;

const FAKE: &str = r#"#!/bin/sh
# Answers each question with two frames (one inlined) naming what it saw.
leak=no
[ -e "/proc/$$/fd/$ALIASKIT_TEST_FD" ] && leak=yes
for arg in "$@"; do args="$args $arg"; done
while IFS= read -r line; do
  echo "inner[$line][env=${ALIASKIT_SANITIZE_OPTIONS-unset}][leak=$leak][args=$args]"
  echo "/src/inner.c:3:0"
  echo "outer"
  echo "??:0:0"
  echo
done
"#;

#[test]
fn fake_symbolizer() {
    let dir = std::env::temp_dir().join(format!("aliaskit-rt-fake-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fake = dir.join("llvm-symbolizer");
    std::fs::write(&fake, FAKE).unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();

    // A descriptor without close-on-exec must not reach the symbolizer.
    let leaky = unsafe { libc::dup(1) };
    assert!(leaky > 2);
    std::env::set_var("ALIASKIT_TEST_FD", leaky.to_string());
    std::env::set_var(ENV_VAR, "halt_on_error=1:log_path=/nonexistent/x");

    // Found through the environment variable.
    std::env::set_var(SYMBOLIZER_ENV_VAR, &fake);
    let address = fake_symbolizer as *const () as usize + 0x11;
    let frames = symbolize(&[address, address + 1], &Options::default());
    assert_eq!(frames.len(), 4, "{frames:?}");
    let module = &frames[0].module;
    let offset = frames[0].offset;
    let inner = frames[0].function.as_deref().unwrap();
    assert_eq!(
        inner,
        format!(
            "inner[\"{module}\" 0x{:x}][env=unset][leak=no][args= --inlines --demangle --functions=linkage --output-style=LLVM]",
            offset - 1
        )
    );
    assert_eq!(frames[0].location.as_deref(), Some("/src/inner.c:3"));
    assert!(frames[0].inlined);
    assert_eq!(frames[1].function.as_deref(), Some("outer"));
    assert_eq!(frames[1].location, None);
    assert!(!frames[1].inlined);
    assert_eq!(frames[1].address, address);
    assert_eq!(frames[2].address, address + 1);
    assert_eq!(frames[2].offset, offset + 1);
    assert!(frames[2].inlined && !frames[3].inlined);

    // The option wins over the environment variable.
    let opts = Options {
        external_symbolizer_path: Some("/bin/false".into()),
        ..Options::default()
    };
    let frames = symbolize(&[address], &opts);
    assert_eq!(frames.len(), 1);
    assert_eq!(frames[0].location, None);

    // Many questions: more than a pipe holds either way.
    let many: Vec<usize> = (0..3000).map(|i| address + i).collect();
    let frames = symbolize(&many, &Options::default());
    assert_eq!(frames.len(), 6000);
    assert!(frames[5999].function.as_deref() == Some("outer"));

    // A symbolizer that stops reading early cannot kill the program with
    // SIGPIPE (default disposition here, as in a C program).
    let quitter = dir.join("quitter");
    std::fs::write(
        &quitter,
        "#!/bin/sh\nhead -c 10 >/dev/null\necho f\necho /a.c:1:1\necho\n",
    )
    .unwrap();
    std::fs::set_permissions(&quitter, std::fs::Permissions::from_mode(0o755)).unwrap();
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_DFL) };
    let opts = Options {
        external_symbolizer_path: Some(quitter.to_str().unwrap().into()),
        ..Options::default()
    };
    // More than the socket buffer holds, so that a write fails.
    let lots: Vec<usize> = (0..30_000).map(|i| address + i).collect();
    for _ in 0..3 {
        let frames = symbolize(&lots, &opts);
        assert_eq!(frames.len(), lots.len());
        assert!(frames.iter().all(|f| f.function.is_none()));
    }
    unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };

    std::env::remove_var(SYMBOLIZER_ENV_VAR);
    std::env::remove_var(ENV_VAR);
    unsafe { libc::close(leaky) };
    std::fs::remove_dir_all(&dir).unwrap();
}
