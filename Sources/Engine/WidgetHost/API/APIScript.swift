/// The JavaScript half of the API: the `Request` and `HTMLDoc` classes and the
/// `Calendar` object, over Swift natives. Parsed once per host when a script first
/// touches one of them, evaluated once per context; it uses only built-ins of a realm
/// no script runs in (`tools`), so a script that replaces `Date`, `Intl`, `String` or
/// `Reflect` cannot break it. Its frames are named `widgethost:api`,
/// which stack traces leave out.
enum APIScript {
    static let sourceURL = "widgethost:api"

    static let source = #"""
(function (native, tools) {
  'use strict';
  const { Date: RealDate, toLocaleDateString, apply, defineProperty, String: toStr, floor } = tools;
  const hide = (object, name, value) => defineProperty(object, name, { value, writable: true, configurable: true, enumerable: false });

  return {
    Request() {
      return class Request {
        constructor(url) {
          if (url === undefined) throw native.typeError('Request(url) needs the URL to request, e.g. new Request("https://example.com/data.json")');
          this.url = typeof url === 'string' ? url : toStr(url);
          this.method = 'GET';
          this.headers = {};
          this.body = undefined;
        }
        fetch() { return native.send(this, 'bytes'); }
        fetchJSON() { return native.send(this, 'json'); }
        fetchString() { return native.send(this, 'string'); }
      };
    },

    HTMLDoc() {
      return class HTMLDoc {
        #handle;
        constructor(html) { this.#handle = native.htmlParse(html); }
        xpath(expression) { return native.xpath(this.#handle, expression); }
      };
    },

    Calendar() {
      // ICU's Chinese calendar through Date#toLocaleDateString: 'en' gives "6bis/8/2025"
      // (month, "bis" for a leap month, day, the Gregorian year the lunar year began in),
      // 'zh' gives the month's name ("闰六月", "正月", "腊月"). Strings are read by index and
      // results returned as objects, so a script that patches String or Array prototypes
      // cannot change the answers; civil dates in the run's zone come from the host.
      const numeric = { year: 'numeric', month: 'numeric', day: 'numeric' }, named = { month: 'long' };
      const STEMS = '甲乙丙丁戊己庚辛壬癸', BRANCHES = '子丑寅卯辰巳午未申酉戌亥', ANIMALS = '鼠牛虎兔龙蛇马羊猴鸡狗猪';
      const DIGITS = '一二三四五六七八九', DAY = 86400000;

      // The digits of `text` from `start`: { value, end }.
      const digits = (text, start) => {
        let value = 0, i = start;
        for (; i < text.length; i++) {
          const c = text[i];
          if (c < '0' || c > '9') break;
          value = value * 10 + (c - 0);
        }
        return { value, end: i };
      };
      // The lunar date of an instant: Gregorian year it started in, month, day, leap month, month name.
      const lunar = (ms) => {
        const date = new RealDate(ms);
        const text = apply(toLocaleDateString, date, ['en-u-ca-chinese', numeric]);
        const month = digits(text, 0);
        let i = month.end;
        const leap = text[i] !== '/';
        while (i < text.length && text[i] !== '/') i++;
        const day = digits(text, i + 1);
        const year = digits(text, day.end + 1);
        const name = apply(toLocaleDateString, date, ['zh-u-ca-chinese', named]);
        return { month: month.value, day: day.value, year: year.value, leap, name };
      };
      const cycle = (year) => (((year - 4) % 60) + 60) % 60;
      const ganZhi = (year) => STEMS[cycle(year) % 10] + BRANCHES[cycle(year) % 12];
      const dayName = (day) => {
        if (day === 10) return '初十';
        if (day === 20) return '二十';
        if (day === 30) return '三十';
        return ['初', '十', '廿'][floor(day / 10)] + DIGITS[day % 10 - 1];
      };
      const today = () => native.today();
      const noon = (y, m, d) => native.noon(y, m, d);
      const dayNumber = (y, m, d) => floor(RealDate.UTC(y, m - 1, d) / DAY);
      const daysInMonth = (y, m) => [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
      // "YYYY-MM-DD", "YYYY/MM/DD" or "YYYY.MM.DD" → { y, m, d }, or null.
      const parseDate = (text) => {
        if (typeof text !== 'string') return null;
        const y = digits(text, 0);
        const separator = text[y.end];
        if (y.end === 0 || (separator !== '-' && separator !== '/' && separator !== '.')) return null;
        const m = digits(text, y.end + 1);
        if (m.end === y.end + 1 || text[m.end] !== separator) return null;
        const d = digits(text, m.end + 1);
        if (d.end === m.end + 1 || d.end !== text.length) return null;
        if (y.value < 1 || y.value > 9999 || m.value < 1 || m.value > 12 || d.value < 1 || d.value > daysInMonth(y.value, m.value)) return null;
        return { y: y.value, m: m.value, d: d.value };
      };
      const describe = (value) => typeof value === 'string' ? '"' + value + '"' : (value === null ? 'null' : typeof value === 'object' ? 'an object' : toStr(value));
      const isWhole = (value, low, high) => typeof value === 'number' && value === floor(value) && value >= low && value <= high;
      const misuse = (fn, message, kind) => native.misuse(fn, message, kind || 'TypeError');

      const current = () => { const t = today(); return lunar(noon(t.y, t.m, t.d)); };
      const calendar = {};
      const method = (name, fn) => { defineProperty(fn, 'name', { value: name }); hide(calendar, name, fn); };

      method('lunarDate', function () { const l = current(); return toStr(l.year) + ganZhi(l.year) + '年' + l.name + dayName(l.day); });
      method('getLunarDate', function () { const l = current(); return ganZhi(l.year) + l.name + dayName(l.day); });
      method('lunarYear', function () { return cycle(current().year) + 1; });
      method('lunarMonth', function () { return current().month; });
      method('lunarDay', function () { return current().day; });
      method('isLunarLeapMonth', function () { return current().leap; });
      method('zodiac', function () { return ANIMALS[cycle(current().year) % 12]; });
      method('ganZhi', function () { return ganZhi(current().year); });
      method('daysUntilLunar', function (month, day) {
        if (!isWhole(month, 1, 12) || !isWhole(day, 1, 30)) {
          misuse('Calendar.daysUntilLunar', 'Calendar.daysUntilLunar(month, day) expects a lunar month 1-12 and day 1-30; got ' + describe(month) + ' and ' + describe(day) + '; it returned 0', isWhole(month, -1e9, 1e9) ? 'RangeError' : 'TypeError');
          return 0;
        }
        const t = today();
        let ms = noon(t.y, t.m, t.d), offset = 0;
        // Step through the lunar calendar, a month at a time where possible (about 40 steps a year).
        while (offset < 366 * 40) {
          const l = lunar(ms);
          let step;
          if (!l.leap && l.month === month && l.day === day) return offset;
          if (!l.leap && l.month === month && l.day < day) step = day - l.day;
          else step = l.day < 28 ? 29 - l.day : 1;
          offset += step;
          ms += step * DAY;
        }
        return 0;
      });
      method('daysUntilSolar', function (month, day) {
        if (!isWhole(month, 1, 12) || !isWhole(day, 1, 31) || day > daysInMonth(2000, month)) {
          misuse('Calendar.daysUntilSolar', 'Calendar.daysUntilSolar(month, day) expects a month 1-12 and a day of that month; got ' + describe(month) + ' and ' + describe(day) + '; it returned 0', isWhole(month, -1e9, 1e9) ? 'RangeError' : 'TypeError');
          return 0;
        }
        const t = today();
        const start = dayNumber(t.y, t.m, t.d);
        for (let year = t.y; year <= t.y + 8; year++) {
          if (day > daysInMonth(year, month)) continue;
          const target = dayNumber(year, month, day);
          if (target >= start) return target - start;
        }
        return 0;
      });
      method('daysFromNow', function (text) {
        const date = parseDate(text);
        if (!date) {
          misuse('Calendar.daysFromNow', 'Calendar.daysFromNow(date) expects "YYYY-MM-DD" (or YYYY/MM/DD, YYYY.MM.DD); got ' + describe(text) + '; it returned 0');
          return 0;
        }
        const t = today();
        return dayNumber(date.y, date.m, date.d) - dayNumber(t.y, t.m, t.d);
      });
      method('daysBetween', function (from, to) {
        const a = parseDate(from), b = parseDate(to);
        if (!a || !b) {
          misuse('Calendar.daysBetween', 'Calendar.daysBetween(from, to) expects two dates as "YYYY-MM-DD"; got ' + describe(from) + ' and ' + describe(to) + '; it returned 0');
          return 0;
        }
        return dayNumber(b.y, b.m, b.d) - dayNumber(a.y, a.m, a.d);
      });
      method('lunarFromSolar', function (text) {
        const date = parseDate(text);
        if (!date) {
          misuse('Calendar.lunarFromSolar', 'Calendar.lunarFromSolar(date) expects "YYYY-MM-DD"; got ' + describe(text) + '; it returned ""');
          return '';
        }
        const l = lunar(noon(date.y, date.m, date.d));
        return ganZhi(l.year) + l.name + dayName(l.day);
      });
      method('getEvents', function () { return native.getEvents(); });
      return calendar;
    },
  };
})
"""#
}
