/* The last words of a process that a solver library aborts (solvers/last_words.py).

   A C++ solver that runs out of memory throws (std::bad_alloc from CaDiCaL, Glucose30::
   OutOfMemoryException from PySAT's constructors) where nothing catches it, and the C++ runtime
   calls std::terminate, which prints "terminate called after throwing ..." and aborts: exit 134,
   no message of ours, the found solutions not reported. Two handlers replace that end:

   - a terminate handler (std::set_terminate) names the exception: out of memory (bad_alloc, or a
     type called *OutOfMemory*) or another failure, flushes Python's standard output when this
     thread holds the interpreter (what was streamed is out), writes one line on stderr and leaves
     with _exit(4), "a backend failed";
   - a SIGABRT handler does the same, with a line that cannot name the cause, for an abort that did
     not come through this terminate handler (a library's own fatal error, or one with its own copy
     of the C++ runtime). Only write(2) and _exit there: a signal handler may do nothing else.

   `install()` saves the handlers it replaces and `uninstall()` puts them back. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <exception>
#include <new>
#include <typeinfo>
#include <unistd.h>

namespace {

const int BACKEND = 4;  // puzzlesat.runtime.errors.ExitCode.BACKEND
const char ABORTED[] =
    "puzzlesat: error: a solver library aborted the process (out of memory, or a failure inside it)\n";

bool installed = false;
void *volatile exception_state = nullptr;
std::terminate_handler previous_terminate = nullptr;
struct sigaction previous_abort;

void say(const char *text) {
    size_t left = std::strlen(text);
    while (left > 0) {
        ssize_t n = write(2, text, left);
        if (n <= 0) return;
        text += n;
        left -= (size_t)n;
    }
}

void flush_python_stdout() {
    if (!Py_IsInitialized() || !PyGILState_Check()) return;  // another thread holds the interpreter
    PyObject *type, *value, *trace;
    PyErr_Fetch(&type, &value, &trace);
    PyObject *out = PySys_GetObject("stdout");  // borrowed
    if (out != nullptr && out != Py_None) {
        PyObject *r = PyObject_CallMethod(out, "flush", nullptr);
        Py_XDECREF(r);
    }
    PyErr_Clear();
    PyErr_Restore(type, value, trace);
}

/* The current exception's type, demangled where memory allows ("std::bad_alloc"), else as stored. */
const char *exception_name(char **owned) {
    *owned = nullptr;
    std::type_info *type = abi::__cxa_current_exception_type();
    if (type == nullptr) return nullptr;
    const char *raw = type->name();
    int status = 0;
    *owned = abi::__cxa_demangle(raw, nullptr, nullptr, &status);
    return status == 0 && *owned != nullptr ? *owned : raw;
}

[[noreturn]] void on_terminate() {
    char *owned = nullptr;
    const char *name = exception_name(&owned);
    const char *what = nullptr;
    if (name != nullptr) {
        try {
            throw;
        } catch (const std::exception &e) {
            what = e.what();
        } catch (...) {
        }
    }
    flush_python_stdout();
    static char line[1024];
    if (name == nullptr) {
        std::snprintf(line, sizeof line, "%s", ABORTED);
    } else if (std::strstr(name, "bad_alloc") != nullptr || std::strstr(name, "OutOfMemory") != nullptr) {
        std::snprintf(line, sizeof line,
                      "puzzlesat: error: out of memory in the solver library (%s); a smaller encoding may fit "
                      "(see docs/guarantees.md)\n",
                      name);
    } else if (what != nullptr && *what != '\0') {
        std::snprintf(line, sizeof line, "puzzlesat: error: the solver library failed: %s: %s\n", name, what);
    } else {
        std::snprintf(line, sizeof line, "puzzlesat: error: the solver library failed: %s\n", name);
    }
    say(line);
    _exit(BACKEND);
}

void on_abort(int) {
    say(ABORTED);
    _exit(BACKEND);
}

PyObject *install(PyObject *, PyObject *) {
    if (!installed) {
        struct sigaction action;
        std::memset(&action, 0, sizeof action);
        action.sa_handler = on_abort;
        sigemptyset(&action.sa_mask);
        if (sigaction(SIGABRT, &action, &previous_abort) != 0) return PyErr_SetFromErrno(PyExc_OSError);
        previous_terminate = std::set_terminate(on_terminate);
        // The C++ runtime keeps its exception state in thread-local storage, which the dynamic
        // loader allocates at the thread's first throw: out of memory, that allocation failed too
        // and the loader ended the process ("cannot allocate memory for thread-local data",
        // exit 127) before any handler ran. Touched here, the main thread's block exists already.
        exception_state = abi::__cxa_get_globals();  // kept: a call whose result is unused is dropped
        installed = true;
    }
    Py_RETURN_NONE;
}

PyObject *uninstall(PyObject *, PyObject *) {
    if (installed) {
        std::set_terminate(previous_terminate);
        sigaction(SIGABRT, &previous_abort, nullptr);
        installed = false;
    }
    Py_RETURN_NONE;
}

PyObject *is_installed(PyObject *, PyObject *) { return PyBool_FromLong(installed); }

PyMethodDef methods[] = {
    {"install", install, METH_NOARGS, "Install the terminate and SIGABRT handlers (idempotent)."},
    {"uninstall", uninstall, METH_NOARGS, "Put back the handlers install() replaced."},
    {"installed", is_installed, METH_NOARGS, "Whether the handlers are installed."},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module = {PyModuleDef_HEAD_INIT, "_lastwords", "One line and exit 4 when a solver library aborts.",
                      -1, methods};

}  // namespace

PyMODINIT_FUNC PyInit__lastwords(void) { return PyModule_Create(&module); }
