//! Stacks of the test binary itself, with the real llvm-symbolizer when one
//! is found.

use aliaskit_rt::options::Options;
use aliaskit_rt::symbolize::{find_symbolizer, format_frames, return_addresses, symbolize};
use std::hint::black_box;

#[inline(never)]
fn aliaskit_known_function(x: u64) -> u64 {
    black_box(x).wrapping_mul(3) ^ 0x5a
}

#[inline(never)]
fn aliaskit_stack_taker() -> (Vec<usize>, Vec<usize>) {
    let here = return_addresses(0, 16);
    let above = return_addresses(1, 16);
    black_box((here, above))
}

fn the_physical_frame(frames: &[aliaskit_rt::symbolize::Frame]) -> &aliaskit_rt::symbolize::Frame {
    frames
        .iter()
        .find(|f| !f.inlined)
        .expect("a physical frame")
}

#[test]
fn symbolizes_a_known_function() {
    let opts = Options::default();
    let Some(tool) = find_symbolizer(&opts) else {
        eprintln!("skipped: no llvm-symbolizer found");
        return;
    };
    let f: fn(u64) -> u64 = aliaskit_known_function;
    let address = f as *const () as usize + 1;
    let frames = symbolize(&[address], &opts);
    let frame = the_physical_frame(&frames);
    assert_eq!(frame.address, address);
    let function = frame
        .function
        .as_deref()
        .unwrap_or_else(|| panic!("{} gave no function name: {frames:?}", tool.display()));
    assert!(
        function.contains("aliaskit_known_function"),
        "{function} ({})",
        tool.display()
    );
    if let Some(location) = &frame.location {
        assert!(location.contains("symbolize_self.rs"), "{location}");
    }
    let exe = std::env::current_exe().unwrap().canonicalize().unwrap();
    assert_eq!(
        std::path::Path::new(&frame.module).canonicalize().unwrap(),
        exe
    );
    let lines = format_frames(&frames, 0);
    eprintln!("{} gave:\n{}", tool.display(), lines.join("\n"));
    assert!(
        lines[0].starts_with(&format!("    #0 0x{address:x} in ")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("aliaskit_known_function")),
        "{lines:?}"
    );
}

#[test]
fn without_symbolization_frames_have_module_and_offset() {
    let opts = Options {
        symbolize: false,
        ..Options::default()
    };
    let f: fn(u64) -> u64 = aliaskit_known_function;
    let address = f as *const () as usize + 1;
    let frames = symbolize(&[address, 0x10], &opts);
    assert_eq!(frames.len(), 2);
    assert_eq!(frames[0].function, None);
    assert_eq!(frames[0].location, None);
    assert!(!frames[0].inlined);
    let exe = std::env::current_exe().unwrap().canonicalize().unwrap();
    assert_eq!(
        std::path::Path::new(&frames[0].module)
            .canonicalize()
            .unwrap(),
        exe
    );
    assert!(frames[0].offset <= address);
    // An address in no module.
    assert_eq!(frames[1].module, "");
    let lines = format_frames(&frames, 3);
    assert_eq!(
        lines[0],
        format!(
            "    #3 0x{address:x} ({}+0x{:x})",
            frames[0].module, frames[0].offset
        )
    );
    assert_eq!(lines[1], "    #4 0x10 (<unknown module>)");
}

#[test]
fn an_unusable_symbolizer_falls_back() {
    let opts = Options {
        external_symbolizer_path: Some("/bin/false".into()),
        ..Options::default()
    };
    let f: fn(u64) -> u64 = aliaskit_known_function;
    let address = f as *const () as usize + 1;
    let frames = symbolize(&[address], &opts);
    assert_eq!(frames.len(), 1);
    assert_eq!(frames[0].location, None);
    assert!(!frames[0].module.is_empty());
    let opts = Options {
        external_symbolizer_path: Some("/nonexistent/llvm-symbolizer".into()),
        ..Options::default()
    };
    assert_eq!(symbolize(&[address], &opts).len(), 1);
    assert!(symbolize(&[], &opts).is_empty());
}

#[test]
fn return_addresses_start_at_the_caller() {
    let (here, above) = aliaskit_stack_taker();
    assert!(here.len() >= 2, "{here:?}");
    assert!(!above.is_empty());
    // Skipping one frame drops the return address into the taker.
    assert_eq!(above[0], here[1]);
    let taker = aliaskit_stack_taker as *const () as usize;
    assert!(
        here[0] > taker && here[0] < taker + 4096,
        "{:x} is not in the taker at {taker:x}",
        here[0]
    );
    let opts = Options::default();
    if find_symbolizer(&opts).is_some() {
        let frames = symbolize(&here[..1], &opts);
        let function = the_physical_frame(&frames)
            .function
            .clone()
            .unwrap_or_default();
        assert!(function.contains("aliaskit_stack_taker"), "{frames:?}");
    }
}

#[test]
fn return_addresses_bounds() {
    assert!(return_addresses(0, 0).is_empty());
    assert!(return_addresses(0, 3).len() <= 3);
    assert!(return_addresses(100_000, 5).is_empty());
    assert!(return_addresses(0, usize::MAX).len() <= aliaskit_rt::symbolize::MAX_FRAMES);
}

#[test]
fn from_many_threads() {
    let opts = Options {
        symbolize: false,
        ..Options::default()
    };
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let opts = opts.clone();
            std::thread::spawn(move || {
                for _ in 0..50 {
                    let stack = return_addresses(0, 32);
                    assert!(!stack.is_empty());
                    let frames = symbolize(&stack, &opts);
                    assert_eq!(frames.len(), stack.len());
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}
