//! Call stacks for reports: the return addresses of the current thread
//! ([`return_addresses`]), their modules and offsets, function names and
//! source locations ([`symbolize`], with llvm-symbolizer when it can be
//! found), and the sanitizers' frame lines ([`format_frames`]).
//!
//! Nothing here panics or writes anything: a failure at any step leaves
//! frames with less information (at worst `(<unknown module>)`).

use crate::options::{Options, ENV_VAR};
use std::ffi::{c_int, c_void, CStr};
use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The most return addresses [`return_addresses`] gives (and skips).
pub const MAX_FRAMES: usize = 1024;

/// Environment variable naming llvm-symbolizer when the option
/// `external_symbolizer_path` does not.
pub const SYMBOLIZER_ENV_VAR: &str = "ALIASKIT_SYMBOLIZER_PATH";

/// How long one run of llvm-symbolizer may take before it is killed (and
/// the frames are left unsymbolized).
pub const SYMBOLIZER_TIMEOUT: Duration = Duration::from_secs(30);

/// One frame of a call stack.
///
/// Inlining is flattened as the sanitizers print it: an address whose code
/// was inlined gives several frames, innermost first, all with the same
/// `address`, `module` and `offset`; every one but the last of them has
/// `inlined == true` (its function was inlined into the next frame's). The
/// frame with `inlined == false` is the physical frame of the address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    /// The return address (as given to [`symbolize`]).
    pub address: usize,
    /// Path of the module (executable or shared object) holding the
    /// address; empty when unknown.
    pub module: String,
    /// `address` minus the module's load bias (its address in the file for
    /// an executable that is not PIE).
    pub offset: usize,
    /// Function name (demangled when llvm-symbolizer could).
    pub function: Option<String>,
    /// `file:line:col` (or `file:line`, or `file` when those are unknown).
    pub location: Option<String>,
    /// The function was inlined into the next frame's (same address).
    pub inlined: bool,
}

/// The return addresses of the current thread's stack, innermost first,
/// from glibc's `backtrace()`: `skip` frames are left out above the caller
/// of this function (`skip == 0`: the first address is the return address
/// into the caller), and at most `max` are returned (both capped at
/// [`MAX_FRAMES`]). Thread-safe; the returned `Vec` is the only allocation
/// (glibc loads its unwinder, `libgcc_s`, at its first call, which
/// allocates).
#[inline(never)]
pub fn return_addresses(skip: usize, max: usize) -> Vec<usize> {
    let max = max.min(MAX_FRAMES);
    if max == 0 {
        return Vec::new();
    }
    // Frame 0 is this function.
    let dropped = skip.min(MAX_FRAMES) + 1;
    let want = dropped + max;
    let mut addresses: Vec<usize> = Vec::with_capacity(want);
    // SAFETY: the buffer holds `want` pointer-sized slots; backtrace writes
    // at most `want` of them and returns how many.
    let got =
        unsafe { libc::backtrace(addresses.as_mut_ptr().cast::<*mut c_void>(), want as c_int) };
    let got = (got.max(0) as usize).min(want);
    // SAFETY: the first `got` slots are initialized.
    unsafe { addresses.set_len(got) };
    addresses.drain(..dropped.min(got));
    addresses
}

/// Symbolizes `addresses` (return addresses, as [`return_addresses`]
/// gives): one frame per address, or several when `opts.symbolize` is on
/// and llvm-symbolizer reports inlined code (see [`Frame`]).
///
/// With `opts.symbolize` on, llvm-symbolizer ([`find_symbolizer`]) is run
/// once for all addresses, asked about the instruction before each return
/// address. If it cannot be found or fails, the function names are the
/// dynamic symbols `dladdr` knows (mangled), if any. With `opts.symbolize`
/// off, frames have a module and an offset only.
pub fn symbolize(addresses: &[usize], opts: &Options) -> Vec<Frame> {
    let work = std::panic::AssertUnwindSafe(|| symbolize_inner(addresses, opts));
    match std::panic::catch_unwind(work) {
        Ok(frames) => frames,
        Err(_) => addresses
            .iter()
            .map(|&address| Frame {
                address,
                offset: address,
                ..Frame::default()
            })
            .collect(),
    }
}

fn symbolize_inner(addresses: &[usize], opts: &Options) -> Vec<Frame> {
    let modules = loaded_modules();
    let mut frames: Vec<Frame> = addresses
        .iter()
        .map(|&address| locate(address, &modules))
        .collect();
    if !opts.symbolize || frames.is_empty() {
        return frames;
    }
    if let Some(symbolized) = find_symbolizer(opts).and_then(|tool| run_symbolizer(&tool, &frames))
    {
        return symbolized;
    }
    for frame in &mut frames {
        frame.function = dladdr_symbol(frame.address);
    }
    frames
}

/// The sanitizers' frame lines, numbered from `first_index`:
/// `    #1 0x55d0c0a1b2c3 in main /tmp/x.c:12:5`,
/// `    #1 0x55d0c0a1b2c3 in main (/tmp/prog+0x1b2c3)` without a location,
/// `    #1 0x55d0c0a1b2c3 (/tmp/prog+0x1b2c3)` without a function either,
/// `    #1 0x55d0c0a1b2c3 (<unknown module>)` without a module.
pub fn format_frames(frames: &[Frame], first_index: usize) -> Vec<String> {
    frames
        .iter()
        .enumerate()
        .map(|(i, frame)| {
            let mut line = format!(
                "    #{} 0x{:x}",
                first_index.saturating_add(i),
                frame.address
            );
            if let Some(function) = &frame.function {
                line.push_str(" in ");
                line.push_str(function);
            }
            match &frame.location {
                Some(location) => {
                    line.push(' ');
                    line.push_str(location);
                }
                None if frame.module.is_empty() => line.push_str(" (<unknown module>)"),
                None => line.push_str(&format!(" ({}+0x{:x})", frame.module, frame.offset)),
            }
            line
        })
        .collect()
}

/// The llvm-symbolizer to run: the option `external_symbolizer_path`, else
/// `$ALIASKIT_SYMBOLIZER_PATH`, else `llvm-symbolizer` on `PATH`, else
/// `llvm-symbolizer-22` on `PATH`, else `/usr/lib/llvm-22/bin/llvm-symbolizer`.
/// A name without `/` is looked up on `PATH`. An explicit choice (option or
/// environment variable, non-empty) is the only one tried: `None` if it is
/// not an executable file.
pub fn find_symbolizer(opts: &Options) -> Option<PathBuf> {
    let env = std::env::var_os(SYMBOLIZER_ENV_VAR).map(|v| v.to_string_lossy().into_owned());
    let explicit = opts
        .external_symbolizer_path
        .clone()
        .filter(|p| !p.is_empty())
        .or(env.filter(|p| !p.is_empty()));
    if let Some(name) = explicit {
        return resolve(&name);
    }
    [
        "llvm-symbolizer",
        "llvm-symbolizer-22",
        "/usr/lib/llvm-22/bin/llvm-symbolizer",
    ]
    .iter()
    .find_map(|name| resolve(name))
}

fn is_executable(path: &Path) -> bool {
    path.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

fn resolve(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        let path = PathBuf::from(name);
        return is_executable(&path).then_some(path);
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(name))
        .find(|path| is_executable(path))
}

/// A loaded object: its path, load bias and `PT_LOAD` address ranges.
struct Module {
    path: String,
    bias: usize,
    ranges: Vec<(usize, usize)>,
}

/// The program's loaded objects, from `dl_iterate_phdr` (whose first entry
/// is the main program: its path is `/proc/self/exe`'s target).
fn loaded_modules() -> Vec<Module> {
    unsafe extern "C" fn callback(
        info: *mut libc::dl_phdr_info,
        _size: libc::size_t,
        data: *mut c_void,
    ) -> c_int {
        // SAFETY: `data` is the `&mut Vec<Module>` passed below; `info` and
        // its fields are valid for the call, as dl_iterate_phdr promises.
        let modules = unsafe { &mut *data.cast::<Vec<Module>>() };
        let info = unsafe { &*info };
        let path = if info.dlpi_name.is_null() {
            String::new()
        } else {
            unsafe { CStr::from_ptr(info.dlpi_name) }
                .to_string_lossy()
                .into_owned()
        };
        let bias = info.dlpi_addr as usize;
        let mut ranges = Vec::new();
        if !info.dlpi_phdr.is_null() {
            for i in 0..info.dlpi_phnum as usize {
                let phdr = unsafe { &*info.dlpi_phdr.add(i) };
                if phdr.p_type == libc::PT_LOAD {
                    let start = bias.wrapping_add(phdr.p_vaddr as usize);
                    ranges.push((start, start.wrapping_add(phdr.p_memsz as usize)));
                }
            }
        }
        modules.push(Module { path, bias, ranges });
        0
    }
    let mut modules: Vec<Module> = Vec::new();
    // SAFETY: the callback only reads what it is given and pushes to the
    // vector, which outlives the call.
    unsafe {
        libc::dl_iterate_phdr(
            Some(callback),
            (&mut modules as *mut Vec<Module>).cast::<c_void>(),
        );
    }
    if let Some(main) = modules.first_mut() {
        if main.path.is_empty() {
            main.path = main_program_path();
        }
    }
    modules
}

fn main_program_path() -> String {
    if let Ok(path) = std::fs::read_link("/proc/self/exe") {
        return path.to_string_lossy().into_owned();
    }
    // SAFETY: AT_EXECFN is a NUL-terminated string in the auxiliary vector
    // (or 0 when absent).
    let execfn = unsafe { libc::getauxval(libc::AT_EXECFN) } as *const libc::c_char;
    if execfn.is_null() {
        String::new()
    } else {
        unsafe { CStr::from_ptr(execfn) }
            .to_string_lossy()
            .into_owned()
    }
}

/// The module and offset of `address`. The lookup uses `address - 1` (the
/// call instruction, which a return address follows: a call may be the
/// last instruction of a segment); the offset is `address - bias`.
fn locate(address: usize, modules: &[Module]) -> Frame {
    let probe = address.saturating_sub(1);
    let found = modules.iter().find(|m| {
        m.ranges
            .iter()
            .any(|&(start, end)| start <= probe && probe < end)
    });
    if let Some(module) = found {
        return Frame {
            address,
            module: module.path.clone(),
            offset: address.wrapping_sub(module.bias),
            ..Frame::default()
        };
    }
    // Not in any object dl_iterate_phdr knows: ask dladdr.
    let mut info = std::mem::MaybeUninit::<libc::Dl_info>::zeroed();
    // SAFETY: dladdr fills `info` when it returns non-zero.
    let found = unsafe { libc::dladdr(probe as *const c_void, info.as_mut_ptr()) };
    if found != 0 {
        let info = unsafe { info.assume_init() };
        if !info.dli_fname.is_null() {
            let module = unsafe { CStr::from_ptr(info.dli_fname) }
                .to_string_lossy()
                .into_owned();
            return Frame {
                address,
                module,
                offset: address.wrapping_sub(info.dli_fbase as usize),
                ..Frame::default()
            };
        }
    }
    Frame {
        address,
        offset: address,
        ..Frame::default()
    }
}

/// The dynamic symbol `dladdr` finds for the instruction before `address`.
fn dladdr_symbol(address: usize) -> Option<String> {
    let mut info = std::mem::MaybeUninit::<libc::Dl_info>::zeroed();
    // SAFETY: dladdr fills `info` when it returns non-zero.
    let found = unsafe {
        libc::dladdr(
            address.saturating_sub(1) as *const c_void,
            info.as_mut_ptr(),
        )
    };
    if found == 0 {
        return None;
    }
    let info = unsafe { info.assume_init() };
    if info.dli_sname.is_null() {
        return None;
    }
    let name = unsafe { CStr::from_ptr(info.dli_sname) }.to_string_lossy();
    (!name.is_empty()).then(|| name.into_owned())
}

/// The flags llvm-symbolizer is run with (its stdin lines are
/// `"MODULE" 0xOFFSET`).
pub const SYMBOLIZER_ARGS: &[&str] = &[
    "--inlines",
    "--demangle",
    "--functions=linkage",
    "--output-style=LLVM",
];

/// Runs `tool` once on the frames' modules and offsets; `None` if it could
/// not be run or its answer does not have one block per question.
fn run_symbolizer(tool: &Path, frames: &[Frame]) -> Option<Vec<Frame>> {
    // The questions; frames whose module cannot be written on a line are
    // not asked about.
    let mut input = String::new();
    let mut asked: Vec<usize> = Vec::new();
    for (i, frame) in frames.iter().enumerate() {
        if frame.module.is_empty() || frame.module.contains(['"', '\n', '\r']) {
            continue;
        }
        input.push_str(&format!(
            "\"{}\" 0x{:x}\n",
            frame.module,
            frame.offset.saturating_sub(1)
        ));
        asked.push(i);
    }
    if asked.is_empty() {
        return None;
    }
    let output = exchange(tool, input.as_bytes())?;
    let blocks = parse_symbolizer_output(&String::from_utf8_lossy(&output));
    if blocks.len() != asked.len() {
        return None;
    }
    let mut answers: Vec<Option<Vec<Answer>>> = vec![None; frames.len()];
    for (i, block) in asked.into_iter().zip(blocks) {
        answers[i] = Some(block);
    }
    let mut result = Vec::with_capacity(frames.len());
    for (frame, answer) in frames.iter().zip(answers) {
        match answer {
            Some(pairs) if !pairs.is_empty() => {
                let last = pairs.len() - 1;
                for (j, (function, location)) in pairs.into_iter().enumerate() {
                    result.push(Frame {
                        function,
                        location,
                        inlined: j < last,
                        ..frame.clone()
                    });
                }
            }
            _ => result.push(frame.clone()),
        }
    }
    Some(result)
}

/// One (function, location) line pair of llvm-symbolizer's answer.
pub type Answer = (Option<String>, Option<String>);

/// Parses llvm-symbolizer's LLVM-style output: per question, one block of
/// (function, location) line pairs, innermost first, ended by a blank line.
/// `??` and `??:0:0` become `None`; line and column 0 are left out.
pub fn parse_symbolizer_output(text: &str) -> Vec<Vec<Answer>> {
    let mut blocks = Vec::new();
    let mut lines: Vec<&str> = Vec::new();
    let mut flush = |lines: &mut Vec<&str>| {
        if !lines.is_empty() {
            let pairs = lines
                .chunks(2)
                .map(|pair| {
                    let function = Some(pair[0].trim()).filter(|f| !f.is_empty() && *f != "??");
                    let location = pair.get(1).and_then(|l| clean_location(l.trim()));
                    (function.map(str::to_string), location)
                })
                .collect();
            blocks.push(pairs);
            lines.clear();
        }
    };
    for line in text.lines() {
        if line.trim().is_empty() {
            flush(&mut lines);
        } else {
            lines.push(line);
        }
    }
    flush(&mut lines);
    blocks
}

/// `file:line:col` without its zero parts; `None` for an unknown file.
fn clean_location(location: &str) -> Option<String> {
    let mut parts = location.rsplitn(3, ':');
    let (column, line, file) = (parts.next()?, parts.next(), parts.next());
    let (Some(line), Some(file)) = (line, file) else {
        return (!location.is_empty() && location != "??").then(|| location.to_string());
    };
    let (Ok(line), Ok(column)) = (line.parse::<u64>(), column.parse::<u64>()) else {
        return Some(location.to_string());
    };
    if file.is_empty() || file == "??" {
        return None;
    }
    Some(match (line, column) {
        (0, _) => file.to_string(),
        (l, 0) => format!("{file}:{l}"),
        (l, c) => format!("{file}:{l}:{c}"),
    })
}

/// Runs `tool` with `input` on its stdin and returns its stdout, or `None`
/// if it could not be started, failed, or ran past [`SYMBOLIZER_TIMEOUT`].
///
/// The child's stdin is one end of a socket pair (written with
/// `MSG_NOSIGNAL`, so that a symbolizer that dies early cannot raise
/// SIGPIPE in the program), its stdout a pipe, its stderr `/dev/null`; it
/// inherits no other file descriptor of the program, and neither
/// `ALIASKIT_SANITIZE_OPTIONS` (were the symbolizer itself instrumented,
/// a `log_path` or `halt_on_error` meant for the program would apply to it)
/// nor `ALIASKIT_SANITIZE`.
fn exchange(tool: &Path, input: &[u8]) -> Option<Vec<u8>> {
    let mut fds = [-1 as c_int; 2];
    // SAFETY: `fds` has room for the two descriptors.
    let rc = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_STREAM | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if rc != 0 {
        return None;
    }
    // SAFETY: both descriptors are fresh and owned here.
    let (ours, theirs) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    let mut command = Command::new(tool);
    command
        .args(SYMBOLIZER_ARGS)
        .stdin(Stdio::from(theirs))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .env_remove(ENV_VAR)
        .env_remove("ALIASKIT_SANITIZE");
    // SAFETY: the hook only makes system calls (async-signal-safe).
    unsafe {
        command.pre_exec(|| {
            close_other_fds_on_exec();
            Ok(())
        });
    }
    let mut child = command.spawn().ok()?;
    // Close the parent's copy of the child's end.
    drop(command);
    let deadline = Instant::now() + SYMBOLIZER_TIMEOUT;
    let output = talk(&mut child, ours, input, deadline);
    // A failed exchange needs no more of the child's time.
    let status = reap(
        &mut child,
        if output.is_some() {
            deadline
        } else {
            Instant::now()
        },
    );
    match (output, status) {
        // `None`: the program reaps children itself (or ignores SIGCHLD);
        // the answer is complete all the same (it ended at end of file).
        (Some(output), Some(true) | None) => Some(output),
        _ => None,
    }
}

/// In the child between fork and exec: mark every descriptor above stderr
/// close-on-exec.
fn close_other_fds_on_exec() {
    // SAFETY: plain system calls on descriptor numbers.
    unsafe {
        let rc = libc::syscall(
            libc::SYS_close_range,
            3 as libc::c_uint,
            libc::c_uint::MAX,
            libc::CLOSE_RANGE_CLOEXEC as libc::c_uint,
        );
        if rc == 0 {
            return;
        }
        // Kernels before 5.11: one descriptor at a time, up to the limit.
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        let max = if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
            limit.rlim_cur.min(1 << 16) as c_int
        } else {
            1024
        };
        for fd in 3..max {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 && flags & libc::FD_CLOEXEC == 0 {
                libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
            }
        }
    }
}

fn set_nonblocking(fd: c_int) -> bool {
    // SAFETY: fcntl on a descriptor this module owns.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        flags >= 0 && libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) == 0
    }
}

/// Writes `input` to the child (through `ours`) while reading its stdout,
/// until it closes its stdout; `None` on an error or past `deadline`.
fn talk(child: &mut Child, ours: OwnedFd, input: &[u8], deadline: Instant) -> Option<Vec<u8>> {
    let mut stdout = child.stdout.take()?;
    let out_fd = stdout.as_raw_fd();
    let mut writer = Some(ours);
    if !set_nonblocking(out_fd) || !set_nonblocking(writer.as_ref()?.as_raw_fd()) {
        return None;
    }
    let mut written = 0;
    let mut output = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        if written == input.len() {
            // All asked: let the symbolizer see the end of its input.
            writer = None;
        }
        let now = Instant::now();
        if now >= deadline {
            return None;
        }
        let wait_ms = (deadline - now).as_millis().min(c_int::MAX as u128) as c_int;
        let mut polls = [
            libc::pollfd {
                fd: out_fd,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: writer.as_ref().map_or(-1, |w| w.as_raw_fd()),
                events: libc::POLLOUT,
                revents: 0,
            },
        ];
        // SAFETY: two valid pollfd entries (a negative fd is skipped).
        let rc = unsafe { libc::poll(polls.as_mut_ptr(), 2, wait_ms) };
        if rc < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return None;
        }
        if let Some(w) = &writer {
            if polls[1].revents & (libc::POLLOUT | libc::POLLERR | libc::POLLHUP) != 0 {
                let rest = &input[written..];
                // SAFETY: writes from a live slice to our socket.
                let n = unsafe {
                    libc::send(
                        w.as_raw_fd(),
                        rest.as_ptr().cast::<c_void>(),
                        rest.len(),
                        libc::MSG_NOSIGNAL,
                    )
                };
                if n >= 0 {
                    written += n as usize;
                } else {
                    let err = std::io::Error::last_os_error();
                    if !matches!(
                        err.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
                    ) {
                        // The symbolizer stopped reading: its answer will be
                        // short, and rejected.
                        return None;
                    }
                }
            }
        }
        if polls[0].revents & (libc::POLLIN | libc::POLLERR | libc::POLLHUP) != 0 {
            match stdout.read(&mut buffer) {
                Ok(0) => return (written == input.len()).then_some(output),
                Ok(n) => output.extend_from_slice(&buffer[..n]),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::Interrupted
                    ) => {}
                Err(_) => return None,
            }
        }
    }
}

/// Waits for the child until `deadline`, then kills it; whether it exited
/// with status 0 (`None` if that cannot be known).
fn reap(child: &mut Child, deadline: Instant) -> Option<bool> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status.success()),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(1)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Some(false);
            }
            // E.g. the program reaps every child itself (SIGCHLD handler).
            Err(_) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_blocks() {
        let text = "inner\n/a.c:3:7\nouter\n/a.c:10:0\n\n??\n??:0:0\n\nmain\n/m.c:0:0\n\n";
        let blocks = parse_symbolizer_output(text);
        assert_eq!(
            blocks,
            vec![
                vec![
                    (Some("inner".into()), Some("/a.c:3:7".into())),
                    (Some("outer".into()), Some("/a.c:10".into())),
                ],
                vec![(None, None)],
                vec![(Some("main".into()), Some("/m.c".into()))],
            ]
        );
        assert!(parse_symbolizer_output("").is_empty());
        // No final blank line; an odd line count.
        assert_eq!(
            parse_symbolizer_output("f\n/x.c:1:2\ng"),
            vec![vec![
                (Some("f".into()), Some("/x.c:1:2".into())),
                (Some("g".into()), None)
            ]]
        );
    }

    #[test]
    fn locations() {
        let table: &[(&str, Option<&str>)] = &[
            ("/a.c:3:7", Some("/a.c:3:7")),
            ("/a.c:3:0", Some("/a.c:3")),
            ("/a.c:0:0", Some("/a.c")),
            ("??:0:0", None),
            ("??", None),
            ("", None),
            ("C:/w/a.c:3:4", Some("C:/w/a.c:3:4")),
            ("odd", Some("odd")),
            ("a:b:c", Some("a:b:c")),
        ];
        for &(text, want) in table {
            assert_eq!(clean_location(text).as_deref(), want, "{text}");
        }
    }

    #[test]
    fn frame_lines() {
        let frames = [
            Frame {
                address: 0x55d0c0a1b2c3,
                module: "/tmp/prog".into(),
                offset: 0x1b2c3,
                function: Some("inner".into()),
                location: Some("/tmp/x.c:12:5".into()),
                inlined: true,
            },
            Frame {
                address: 0x55d0c0a1b2c3,
                module: "/tmp/prog".into(),
                offset: 0x1b2c3,
                function: Some("main".into()),
                location: None,
                inlined: false,
            },
            Frame {
                address: 0x55d0c0a1b2c3,
                module: "/tmp/prog".into(),
                offset: 0x1b2c3,
                ..Frame::default()
            },
            Frame {
                address: 0x10,
                offset: 0x10,
                ..Frame::default()
            },
        ];
        assert_eq!(
            format_frames(&frames, 1),
            vec![
                "    #1 0x55d0c0a1b2c3 in inner /tmp/x.c:12:5",
                "    #2 0x55d0c0a1b2c3 in main (/tmp/prog+0x1b2c3)",
                "    #3 0x55d0c0a1b2c3 (/tmp/prog+0x1b2c3)",
                "    #4 0x10 (<unknown module>)",
            ]
        );
        assert!(format_frames(&[], 0).is_empty());
    }

    #[test]
    fn resolve_paths() {
        assert_eq!(resolve("/nonexistent/llvm-symbolizer"), None);
        assert_eq!(resolve("sh").map(|p| p.is_absolute()), Some(true));
        assert_eq!(resolve("/etc/passwd"), None, "not executable");
        assert_eq!(resolve("/"), None, "not a file");
        let opts = Options {
            external_symbolizer_path: Some("/nonexistent/llvm-symbolizer".into()),
            ..Options::default()
        };
        assert_eq!(
            find_symbolizer(&opts),
            None,
            "an explicit path is the only one tried"
        );
    }

    #[test]
    fn modules_include_the_main_program() {
        let modules = loaded_modules();
        let main = modules.first().expect("the main program");
        assert_eq!(
            Path::new(&main.path).canonicalize().ok(),
            std::env::current_exe()
                .ok()
                .and_then(|p| p.canonicalize().ok())
        );
        let here = modules_include_the_main_program as *const () as usize;
        let frame = locate(here + 1, &modules);
        assert_eq!(frame.module, main.path);
        assert_eq!(frame.offset, here + 1 - main.bias);
    }
}
