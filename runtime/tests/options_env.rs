//! `Options::from_env` reads `ALIASKIT_SANITIZE_OPTIONS` (one test: it sets
//! the process environment).

use aliaskit_rt::options::{Options, ENV_VAR};

#[test]
fn from_env_reads_the_variable() {
    std::env::remove_var(ENV_VAR);
    assert_eq!(Options::from_env(), (Options::default(), vec![]));

    std::env::set_var(
        ENV_VAR,
        "halt_on_error=1:exitcode=12:log_path='/tmp/a b' verbosity=2,bogus=3",
    );
    let (options, warnings) = Options::from_env();
    assert!(options.halt_on_error);
    assert_eq!(options.exitcode, 12);
    assert_eq!(options.log_path.as_deref(), Some("/tmp/a b"));
    assert_eq!(options.verbosity, 2);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("bogus"), "{warnings:?}");
    assert_eq!(
        options.log_file_name(1234).as_deref(),
        Some("/tmp/a b.1234")
    );

    std::env::set_var(ENV_VAR, "");
    assert_eq!(Options::from_env(), (Options::default(), vec![]));
    std::env::remove_var(ENV_VAR);
}
