import CJavaScriptCore

/// What ``JSValue/boundedJSON(budget:)`` made of a value.
public enum BoundedJSON {
    /// The JSON text.
    case json(String)
    /// `JSON.stringify` returns undefined for it (a function, a symbol, undefined).
    case nothing
    /// Its JSON would be longer than the budget; it was not made.
    case tooLarge
    /// What serializing it threw (a cycle, a BigInt, a getter or `toJSON` that throws).
    case thrown(JSValue)
}

/// `JSON.stringify` with a budget, from the runtime's scratch realm (no script runs there).
///
/// The engine's serializer runs no JavaScript of its own: a large value (`new Uint8Array(2e7)`:
/// twenty million property names, then a string of 100 MB) was serialized past the time and
/// memory limits, which the engine checks only in JavaScript. Here a replacer function sees
/// every value first (it returns each unchanged, so the text is the same): it counts what the
/// text will at least hold, an array's or a typed array's elements by its length, and gives up
/// when that passes the budget, before the serializer goes through them. Being JavaScript, it
/// also lets the limits act.
enum BoundedJSONSource {
    static let text = """
        (() => {
          'use strict';
          const stringify = JSON.stringify, isView = ArrayBuffer.isView, isArray = Array.isArray, apply = Reflect.apply;
          const viewLength = Reflect.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get;
          const tooLarge = Object.freeze({ __proto__: null });
          let left = 0;
          // What the text holds at least, counted as the serializer goes: an element takes a
          // comma, a property its quoted name, a colon and a comma, a value at least its
          // shortest form. An array or a typed array is measured by its length before the
          // serializer goes through its elements.
          function replacer(key, value) {
            left -= isArray(this) ? 1 : key.length + 4;
            switch (typeof value) {
              case 'string': left -= value.length + 2; break;
              case 'number': left -= 1; break;
              case 'boolean': left -= 4; break;
              case 'object':
                left -= 2;
                if (value === null) break;
                let least = 0;
                if (isArray(value)) {
                  least = (+value.length || 0) * 2;
                } else if (isView(value)) {
                  // Each element is at least "i":0, in the text (a DataView has none).
                  try { least = apply(viewLength, value, []) * 6 } catch (e) {}
                }
                if (least > left) throw tooLarge;
                break;
            }
            if (left < 0) throw tooLarge;
            return value;
          }
          const serialize = (value, budget) => {
            left = budget;
            try { return stringify(value, replacer) } catch (e) { if (e === tooLarge) return tooLarge; throw e }
          };
          return [serialize, tooLarge];
        })()
        """
}

extension JSValue {
    /// `JSON.stringify(value)`, unless its text would be longer than `budget` UTF-16 code units.
    ///
    /// Throws only a termination by the execution guard (the replacer runs under the limits).
    public func boundedJSON(budget: Int) throws(ScriptError) -> BoundedJSON {
        // No serializer (it could not be made in this engine): nothing is converted rather than
        // the engine's own JSON.stringify, which no limit stops.
        guard let serializer = context.runtime.boundedSerializer else { return .tooLarge }
        var exception: JSValueRef?
        let arguments: [JSValueRef?] = [raw, JSValueMakeNumber(context.ref, Double(max(0, budget)))]
        let result = arguments.withUnsafeBufferPointer { buffer in
            JSObjectCallAsFunction(context.ref, serializer.function, nil, 2, buffer.baseAddress, &exception)
        }
        switch try context.caught(result, exception) {
        case .thrown(let thrown): return .thrown(thrown)
        case .returned(let value):
            if value.isUndefined { return .nothing }
            if let marker = JSValueToObject(context.ref, value.raw, nil), marker == serializer.tooLarge { return .tooLarge }
            guard value.isString, let string = JSValueToStringCopy(context.ref, value.raw, nil) else { return .nothing }
            if JSStringGetLength(string) > budget {
                JSStringRelease(string)
                return .tooLarge
            }
            return .json(JSStringBridge.take(string))
        }
    }

    /// The string of a string value, unless it is longer than `budget` UTF-16 code units (nil
    /// then): its length is read before anything is copied.
    public func string(within budget: Int) throws(ScriptError) -> String? {
        var exception: JSValueRef?
        let string = JSValueToStringCopy(context.ref, raw, &exception)
        try context.check(exception, phase: .evaluate)
        guard let string else { return "" }
        if JSStringGetLength(string) > budget {
            JSStringRelease(string)
            return nil
        }
        return JSStringBridge.take(string)
    }
}

/// The scratch realm's bounded serializer and the marker it returns for "too large", protected.
struct BoundedSerializer {
    let function: JSObjectRef
    let tooLarge: JSObjectRef

    init?(in scratch: JSGlobalContextRef) {
        let pair = JSStringBridge.with(BoundedJSONSource.text) { source in
            JSEvaluateScript(scratch, source, nil, nil, 1, nil)
        }
        guard let pair, let array = JSValueToObject(scratch, pair, nil),
            let first = JSObjectGetPropertyAtIndex(scratch, array, 0, nil), let function = JSValueToObject(scratch, first, nil),
            let second = JSObjectGetPropertyAtIndex(scratch, array, 1, nil), let marker = JSValueToObject(scratch, second, nil)
        else { return nil }
        JSValueProtect(scratch, function)
        JSValueProtect(scratch, marker)
        self.function = function
        tooLarge = marker
    }

    func release(in scratch: JSGlobalContextRef) {
        JSValueUnprotect(scratch, function)
        JSValueUnprotect(scratch, tooLarge)
    }
}
