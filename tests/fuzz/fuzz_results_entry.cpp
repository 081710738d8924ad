// The fuzzing entry point of the window's results file (fuzz_entries.h,
// fuzzResults; app/gui/results/results_file.h, Qt Core only): the bytes as
// `NAME.results.json`, read as the window reads it, then a section saved into
// it as the window saves one. A file this version reads keeps every key it
// had; a newer version's is not replaced; anything else is kept as NAME.bak,
// byte for byte, before the new file is written.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QString>

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "app/gui/results/results_file.h"
#include "tests/fuzz/fuzz_entries.h"

namespace wb::fuzz {

namespace {

// One folder per process for the file the save writes.
const QString& scratchFolder() {
  static const QString dir = [] {
    const QString d = QDir::temp().filePath(QStringLiteral("wb-fuzz-results-%1").arg(::getpid()));
    QDir().mkpath(d);
    return d;
  }();
  return dir;
}

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

int fuzzResults(const std::uint8_t* data, std::size_t size) {
  const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
  const app::ParsedResults parsed = app::ResultsFile::parse(bytes);
  if (parsed.status != app::ParsedResults::Status::Ok && parsed.why.isEmpty()) fuzzFailure("a refusal without a reason");
  if (parsed.status == app::ParsedResults::Status::Newer && parsed.version <= app::ResultsFile::kVersion)
    fuzzFailure("a file of this version called newer");
  if (parsed.status == app::ParsedResults::Status::Ok && parsed.root.contains(QStringLiteral("run"))) {
    QString why;
    const auto run = app::ResultsFile::runFromJson(parsed.root.value(QStringLiteral("run")).toObject(), &why);
    if (!run && why.isEmpty()) fuzzFailure("a run refused without a reason");
    if (run && run->run.entities.size() != run->run.stats.entities().size())
      fuzzFailure("a run whose names do not match its statistics, accepted");
  }

  // The save, on a file holding the bytes.
  const QString ruleset = QDir(scratchFolder()).filePath(QStringLiteral("r.yaml"));
  const QString kept = app::ResultsFile::pathFor(ruleset);
  QFile::remove(kept);
  QFile::remove(kept + QStringLiteral(".bak"));
  {
    QFile f(kept);
    if (!f.open(QIODevice::WriteOnly)) fuzzFailure("the scratch file cannot be written");
    f.write(bytes);
  }
  QString error, note;
  const bool saved = app::ResultsFile::saveSection(ruleset, QStringLiteral("fuzz"), QJsonObject{}, &error, &note);
  switch (parsed.status) {
    case app::ParsedResults::Status::Newer:
      if (saved || error.isEmpty()) fuzzFailure("a newer version's file replaced");
      if (readAll(kept) != bytes) fuzzFailure("a newer version's file changed");
      break;
    case app::ParsedResults::Status::Damaged:
      if (!saved) fuzzFailure("a damaged file blocks the save");
      if (readAll(kept + QStringLiteral(".bak")) != bytes) fuzzFailure("a damaged file not kept as .bak, byte for byte");
      if (note.isEmpty()) fuzzFailure("a damaged file kept without a word");
      break;
    case app::ParsedResults::Status::Ok: {
      if (!saved) fuzzFailure("a file this version reads could not take a section");
      const app::ParsedResults after = app::ResultsFile::parse(readAll(kept));
      if (after.status != app::ParsedResults::Status::Ok) fuzzFailure("a save wrote a file this version does not read");
      for (auto it = parsed.root.begin(); it != parsed.root.end(); ++it) {
        if (it.key() == QLatin1String("ruleset_file") || it.key() == QLatin1String("fuzz")) continue;
        if (after.root.value(it.key()) != it.value()) fuzzFailure("a save lost or changed a key it did not write");
      }
      break;
    }
  }
  return 0;
}

}  // namespace wb::fuzz
