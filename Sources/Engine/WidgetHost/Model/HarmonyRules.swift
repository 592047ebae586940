/// The HarmonyOS edition's numbers and the choices the host makes where its docs are silent,
/// in one place (docs/contract.md, section H, marks each *choice*). Everything else about the
/// edition follows from its docs and is written where the rule is carried out.
public enum HarmonyRules {
    /// The limit of one run, on the run's clock and on the virtual clock alike (H4): "卡片侧 JS
    /// 每次 eval 上限 4.5 秒", so `sleep` and a fixture's delay spend it.
    public static let timeLimitSeconds = 4.5

    /// A desk card's dimension when only `--kind desk` is given (H1; the default).
    public static let defaultDeskDimension = CardDimension.desk2x2
    /// A lock card's dimension when only `--kind lock` is given (H1; *choice*: the first the docs list).
    public static let defaultLockDimension = CardDimension.lock1x1

    /// The platform's floor between timed refreshes, in minutes (H6, H8: `setFormNextRefreshTime`
    /// takes "大于等于5" minutes).
    public static let minimumRefreshMinutes = 5.0

    /// The cadence of a card whose run asked for no refresh (H7; *choice*: the form's periodic
    /// refresh, `updateDuration`, counts in units of 30 minutes and the app's value is unknown).
    public static let defaultCadenceMinutes = 30.0

    /// Timed refreshes a card gets per local calendar day, reset at 00:00 (H8, the platform's quota).
    public static let timedRefreshesPerDay = 50

    /// The locale of a HarmonyOS run whose profile names none (T5, H12; *choice*: the docs'
    /// `Device.locale` example).
    public static let defaultLocale = "zh-Hans-CN"

    /// The `User-Agent` the app's `Request` adds (H9).
    public static let userAgent = "AWidgetHarmony/1.0"

    /// The methods `Request` sends, in any case (H9, `network`: "`GET` / `POST` / `PUT` / `DELETE`
    /// / `OPTIONS` / `HEAD` / `TRACE` / `CONNECT`(大小写不敏感)"). Another method rejects the fetch
    /// with a `TypeError` naming these (*choice*: the docs list the methods and document no
    /// rejection for another).
    public static let requestMethods = ["GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD", "TRACE", "CONNECT"]

    /// A live request's connect timeout and its read timeout, each on its own, in seconds (H9,
    /// `network`: "连接超时和读取超时单独都是 5s"); there is no total timeout of a request's own,
    /// the run's 4.5 s (H4) bounds it. The read timeout is a time with no answer's bytes coming.
    public static let requestConnectTimeoutSeconds = 5.0
    /// The read timeout of a live request, in seconds: how long it waits with no byte of the
    /// answer coming (see ``requestConnectTimeoutSeconds``).
    public static let requestReadTimeoutSeconds = 5.0

    /// What the button's tap runs (H14): its snippet appended to the end of the card's script, one
    /// run (`button`, and its earlier revision: "这段 JS 会被拼到主 JS 末尾一起跑"). The separator
    /// between them is a line break (*choice*: the docs do not say how the two are joined).
    public static let tapSnippetSeparator = "\n"

    /// The snippet that asks only for a refresh (H14, `button`: "`refresh`"): the card's script runs
    /// alone.
    public static let refreshSnippet = "refresh"

    /// Whether `Config` and `Shared` are written after a run that did not end `ok` (H10; *choice*:
    /// the docs write the store "after the JS finishes", which a failed or stopped run never does).
    public static let savesStorageAfterFailedRun = false
}
