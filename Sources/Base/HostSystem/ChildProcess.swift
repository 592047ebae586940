import ErrorKinds
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Synchronization

/// A child process started with `posix_spawn`, its standard streams as pipes or inherited:
/// the one way the tool (the conformance workers, `push --send`'s curl) and its tests start
/// programs and read what they print.
///
/// Every pipe is made close-on-exec, so a child started on another thread meanwhile never
/// inherits this child's ends (a pipe whose write end leaks never reaches its end of file);
/// the spawn's `dup2` clears the flag on the child's own 0, 1 and 2. Glibc's `pipe2` is not
/// in the Swift module, so the pipes are made with `pipe` and flagged with `fcntl`, and every
/// start holds one process-wide lock from the first pipe to the spawn: no child of this type
/// is started between a pipe's making and its flagging.
public final class ChildProcess {
    /// What a standard stream of the child is connected to.
    public enum Stream: Sendable {
        /// The parent's own stream.
        case inherit
        /// A pipe; the parent's end is ``input``, ``output`` or ``errors``.
        case pipe
        /// `/dev/null`.
        case null
        /// Standard error only: the same pipe as standard output.
        case output
    }

    /// A child that could not be started: the program and the system's reason.
    public struct StartError: KindedError, Sendable, CustomStringConvertible {
        /// A program that is not there is not installed; any other refusal is the system's.
        public var errorKind: ErrorKind { code == ENOENT ? .environment(.notInstalled) : .environment(.refused) }
        public var program: String
        public var message: String
        /// The `errno` of the failure (`ENOENT` for a missing program).
        public var code: Int32
        public var description: String { "cannot start \(program): \(message)" }
    }

    /// How a child ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        /// The exit status a shell reports: the code, or 128 + the signal.
        public var code: Int32 {
            switch self {
            case .exited(let code): return code
            case .signalled(let signal): return 128 + signal
            }
        }

        public var description: String {
            switch self {
            case .exited(let code): return "exit status \(code)"
            case .signalled(let signal): return "killed by signal \(signal)"
            }
        }
    }

    /// The child's process id.
    public let pid: pid_t
    /// The write end of the child's standard input, -1 unless it is a pipe.
    public private(set) var input: Int32
    /// The read end of the child's standard output, -1 unless it is a pipe.
    public private(set) var output: Int32
    /// The read end of the child's standard error, -1 unless it is a pipe of its own.
    public private(set) var errors: Int32
    private var ended: Termination?
    /// The peak resident size of the child and the children it waited for, bytes, once ended.
    public private(set) var peakResidentBytes = 0

    /// Starts `arguments[0]` with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: `NAME=value` entries; `nil` passes this process's environment on.
    ///   - searchPath: Looks the program up on `PATH` (`posix_spawnp`) when it has no `/`.
    public convenience init(_ arguments: [String], environment: [String]? = nil, searchPath: Bool = false,
                            input inputStream: Stream = .null, output outputStream: Stream = .pipe,
                            errors errorStream: Stream = .pipe) throws(StartError) {
        let started = Self.starting.withLock { _ in
            Result { () throws(StartError) -> (pid_t, Int32, Int32, Int32) in
                try Self.start(arguments, environment, searchPath, inputStream, outputStream, errorStream)
            }
        }
        switch started {
        case .success(let (pid, input, output, errors)): self.init(pid: pid, input: input, output: output, errors: errors)
        case .failure(let error): throw error
        }
    }

    private init(pid: pid_t, input: Int32, output: Int32, errors: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
    }

    private static let starting = Mutex<Void>(())

    private static func start(_ arguments: [String], _ environment: [String]?, _ searchPath: Bool, _ inputStream: Stream,
                              _ outputStream: Stream, _ errorStream: Stream) throws(StartError) -> (pid_t, Int32, Int32, Int32) {
        precondition(!arguments.isEmpty, "a child process needs a program")
        let program = arguments[0]
        var opened: [Int32] = []
        func failure(_ doing: String?, _ code: Int32) -> StartError {
            for fd in opened { close(fd) }
            let reason = String(cString: strerror(code))
            return StartError(program: program, message: doing.map { "\($0): \(reason)" } ?? reason, code: code)
        }
        func pipePair() throws(StartError) -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw failure("cannot make a pipe", errno) }
            opened += fds
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return (fds[0], fds[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var childEnds: [Int32] = []
        /// Connects the child's `target` (0, 1 or 2) to a new pipe; the parent's end.
        func connect(_ target: Int32) throws(StartError) -> Int32 {
            let ends = try pipePair()
            let (child, parent) = target == 0 ? (ends.read, ends.write) : (ends.write, ends.read)
            posix_spawn_file_actions_adddup2(&actions, child, target)
            childEnds.append(child)
            return parent
        }
        func null(_ target: Int32) {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var parentIn: Int32 = -1, parentOut: Int32 = -1, parentErr: Int32 = -1
        switch inputStream {
        case .pipe: parentIn = try connect(0)
        case .null, .output: null(0)
        case .inherit: break
        }
        switch outputStream {
        case .pipe, .output: parentOut = try connect(1)
        case .null: null(1)
        case .inherit: break
        }
        switch errorStream {
        case .pipe: parentErr = try connect(2)
        // The child's 2 becomes a copy of its 1 (file actions run in order).
        case .output where parentOut >= 0: posix_spawn_file_actions_adddup2(&actions, 1, 2)
        case .null, .output: null(2)
        case .inherit: break
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer { argv.forEach { free($0) }; envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned: Int32
        if let envp {
            spawned = searchPath ? posix_spawnp(&pid, program, &actions, nil, argv, envp) : posix_spawn(&pid, program, &actions, nil, argv, envp)
        } else {
            spawned = searchPath ? posix_spawnp(&pid, program, &actions, nil, argv, environ) : posix_spawn(&pid, program, &actions, nil, argv, environ)
        }
        guard spawned == 0 else { throw failure(nil, spawned) }
        for fd in childEnds { close(fd) }
        return (pid, parentIn, parentOut, parentErr)
    }

    deinit {
        if ended == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        closeInput()
        closeOutputs()
    }

    /// Writes every byte to the child's standard input; false when it cannot take them (it
    /// ended or closed its input). `SIGPIPE` is ignored for the process from the first call.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        guard input >= 0 else { return false }
        Self.ignoreBrokenPipes
        return AtomicFile.writeAll(bytes, to: input) == nil
    }

    /// Closes the child's standard input, so it reads its end.
    public func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Closes the parent's ends of the child's output pipes: a child that writes more gets
    /// `EPIPE` instead of blocking on a full pipe.
    public func closeOutputs() {
        for fd in [output, errors] where fd >= 0 { close(fd) }
        output = -1
        errors = -1
    }

    /// Sends `signal` to the child, unless it was already reaped.
    public func signal(_ signal: Int32) {
        if ended == nil { kill(pid, signal) }
    }

    /// Waits for the child to end and reaps it (once; later calls give the same answer).
    @discardableResult
    public func wait() -> Termination {
        if let ended { return ended }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return reaped(status, usage)
    }

    private func reaped(_ status: Int32, _ usage: rusage) -> Termination {
        let termination: Termination = (status & 0x7f) == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
        peakResidentBytes = Int(usage.ru_maxrss) * 1024
        ended = termination
        return termination
    }

    /// Whether the child has ended, reaping it if so, without waiting.
    public func hasEnded() -> Bool {
        if ended != nil { return true }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, WNOHANG, &usage) == pid else { return false }
        _ = reaped(status, usage)
        return true
    }

    private static let ignoreBrokenPipes: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()

    // MARK: Reading

    /// Reads the child's output and error pipes until both reach their end or `deadline`
    /// passes; `false` when the deadline came first.
    public func drain(into out: inout [UInt8], _ err: inout [UInt8], until deadline: ContinuousClock.Instant) -> Bool {
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var open = fds.filter { $0.fd >= 0 }.count
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open > 0 {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let ready = poll(&fds, 2, Int32(min(left.milliseconds.rounded(.up), 60_000)))
            if ready < 0 && errno != EINTR { return false }
            for index in 0..<2 where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = read(fds[index].fd, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 {
                    close(fds[index].fd)
                    if index == 0 { output = -1 } else { errors = -1 }
                    fds[index].fd = -1
                    open -= 1
                } else if index == 0 {
                    out += buffer[0..<count]
                } else {
                    err += buffer[0..<count]
                }
            }
        }
        return true
    }

    /// What a finished child printed and how it ended.
    public struct Finished: Sendable {
        public var termination: Termination
        /// The exit status a shell reports (128 + signal when killed).
        public var code: Int32 { termination.code }
        public var out: [UInt8]
        public var err: [UInt8]
        /// True when the child was killed for running past its time limit.
        public var timedOut: Bool
        /// From start to end, on `ContinuousClock`.
        public var elapsed: Duration
        /// The peak resident size of the child and of the children it waited for, bytes.
        public var peakResidentBytes: Int
    }

    /// Runs a program to its end: starts it, writes `input` to its standard input (then
    /// closes it), reads both output streams until they end and reaps it. Past `timeout` the
    /// child is killed (`SIGKILL`) and ``Finished/timedOut`` is true.
    public static func run(_ arguments: [String], environment: [String]? = nil, searchPath: Bool = false,
                           input: [UInt8]? = nil, timeout: Duration = .seconds(600)) throws(StartError) -> Finished {
        let start = ContinuousClock.now
        let child = try ChildProcess(arguments, environment: environment, searchPath: searchPath,
                                     input: input == nil ? .null : .pipe)
        if let input {
            child.write(input)
            child.closeInput()
        }
        var out: [UInt8] = [], err: [UInt8] = []
        let finished = child.drain(into: &out, &err, until: start + timeout)
        if !finished { child.signal(SIGKILL) }
        let termination = child.wait()
        return Finished(termination: termination, out: out, err: err, timedOut: !finished,
                        elapsed: start.duration(to: .now), peakResidentBytes: child.peakResidentBytes)
    }
}
