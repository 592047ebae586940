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

    /// Whether `Config` and `Shared` are written after a run that did not end `ok` (H10; *choice*:
    /// the docs write the store "after the JS finishes", which a failed or stopped run never does).
    public static let savesStorageAfterFailedRun = false
}
