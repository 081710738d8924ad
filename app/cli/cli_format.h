// The progress bar the sweep, compare and report commands draw on stderr
// (only when stderr is a terminal). Text helpers: app/report/text_format.h.
#pragma once

#include <iosfwd>
#include <string>

#include "app/report/text_format.h"

namespace wb::app {

// "\r[#####.....] done/total  ETA 3.2 s" (no newline).
void drawProgressBar(std::ostream& err, unsigned long long done, unsigned long long total, double etaSeconds,
                     const std::string& prefix = "");
void clearProgressBar(std::ostream& err);
// True when `err` is std::cerr and stderr is a terminal.
bool wantsProgressBar(const std::ostream& err);

// Writes a command's --json output: `path` "-" prints `text` on `out`, any other path
// is written atomically. False (with "balance <command>: cannot write ..." on `err`)
// when the file cannot be written. The partial result of a cancelled command
// (`complete` false) goes only to a new file: an existing one is kept (said on `err`).
bool writeJsonOutput(std::ostream& out, std::ostream& err, const std::string& command, const std::string& path,
                     const std::string& text, bool complete = true);

// Whether a command can write `path` (an output named on its command line),
// checked before the first game so a long run never ends in "cannot write":
// "-" is stdout; an existing file must be writable, a new one needs a folder
// that exists and takes new files. False with the reason in `error`.
bool checkOutputPath(const std::string& option, const std::string& path, std::string& error);

}  // namespace wb::app
