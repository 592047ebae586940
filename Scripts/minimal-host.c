// The least a host run must do, for `Scripts/bench host`: a fresh context on JavaScriptCore,
// the three control bindings (each call counted), the script wrapped in a function and called.
//   clang -O2 -o minimal-host Scripts/minimal-host.c $(pkg-config --cflags --libs javascriptcoregtk-4.1)
//   minimal-host SCRIPT.js
#include <JavaScriptCore/JavaScript.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int calls = 0;

static JSValueRef record(JSContextRef context, JSObjectRef function, JSObjectRef self, size_t count,
                         const JSValueRef arguments[], JSValueRef* exception) {
    calls++;
    return JSValueMakeUndefined(context);
}

int main(int argc, char** argv) {
    if (argc != 2) return 64;
    FILE* file = fopen(argv[1], "rb");
    if (!file) return 66;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    const char* prefix = "(() => {\n";
    const char* suffix = "\n})";
    char* text = malloc(strlen(prefix) + size + strlen(suffix) + 1);
    strcpy(text, prefix);
    size_t read = fread(text + strlen(prefix), 1, size, file);
    text[strlen(prefix) + read] = 0;
    strcat(text, suffix);
    fclose(file);

    JSContextGroupRef group = JSContextGroupCreate();
    JSGlobalContextRef context = JSGlobalContextCreateInGroup(group, NULL);
    JSObjectRef global = JSContextGetGlobalObject(context);
    const char* names[] = {"setUpdateFreq", "setUpdateTime", "endLiveActivity"};
    for (int index = 0; index < 3; index++) {
        JSStringRef name = JSStringCreateWithUTF8CString(names[index]);
        JSObjectSetProperty(context, global, name, JSObjectMakeFunctionWithCallback(context, name, record),
                            kJSPropertyAttributeDontEnum, NULL);
        JSStringRelease(name);
    }
    JSStringRef source = JSStringCreateWithUTF8CString(text);
    JSValueRef exception = NULL;
    JSValueRef body = JSEvaluateScript(context, source, NULL, NULL, 1, &exception);
    if (body && JSValueIsObject(context, body)) {
        JSObjectCallAsFunction(context, (JSObjectRef)body, global, 0, NULL, &exception);
    }
    printf("{\"status\":\"%s\",\"calls\":%d}\n", exception ? "error" : "ok", calls);
    JSStringRelease(source);
    JSGlobalContextRelease(context);
    JSContextGroupRelease(group);
    free(text);
    return exception ? 1 : 0;
}
