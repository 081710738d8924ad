#include "app/gui/results/results_file.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

#include "model/core/atomic_file.h"
#include "simulation/distributed/run_stats_codec.h"

namespace wb::app {

namespace {

const char* const kFormat = "balance-workbench-results";

QJsonArray strings(const std::vector<std::string>& list) {
  QJsonArray out;
  for (const auto& s : list) out.append(QString::fromStdString(s));
  return out;
}

std::vector<std::string> strings(const QJsonValue& value) {
  std::vector<std::string> out;
  for (const auto& v : value.toArray()) out.push_back(v.toString().toStdString());
  return out;
}

// 64-bit numbers as decimal text: JSON numbers lose precision above 2^53.
QString big(std::uint64_t n) { return QString::number(static_cast<qulonglong>(n)); }
std::uint64_t big(const QJsonValue& v) { return v.toString().toULongLong(); }

QJsonObject settings(const sim::RunConfig& c) {
  QJsonObject o;
  o[QStringLiteral("games")] = big(c.games);
  o[QStringLiteral("seed")] = big(c.seed);
  o[QStringLiteral("threads")] = c.threads;
  o[QStringLiteral("players")] = c.players;
  o[QStringLiteral("agents")] = strings(c.agents);
  o[QStringLiteral("max_turns")] = c.maxTurns;
  o[QStringLiteral("max_actions_per_turn")] = c.maxActionsPerTurn;
  o[QStringLiteral("max_actions")] = QString::number(c.maxActions);
  o[QStringLiteral("until_ci")] = c.untilCi;
  o[QStringLiteral("batch_games")] = big(c.batchGames);
  return o;
}

sim::RunConfig settings(const QJsonObject& o) {
  sim::RunConfig c;
  c.games = big(o[QStringLiteral("games")]);
  c.seed = big(o[QStringLiteral("seed")]);
  c.threads = o[QStringLiteral("threads")].toInt();
  c.players = o[QStringLiteral("players")].toInt();
  c.agents = strings(o[QStringLiteral("agents")]);
  c.maxTurns = o[QStringLiteral("max_turns")].toInt();
  c.maxActionsPerTurn = o[QStringLiteral("max_actions_per_turn")].toInt();
  c.maxActions = o[QStringLiteral("max_actions")].toString().toLongLong();
  c.untilCi = o[QStringLiteral("until_ci")].toDouble();
  c.batchGames = big(o[QStringLiteral("batch_games")]);
  return c;
}

// The file's root object when it is a results file of this version; an empty
// object when there is no file; nullopt (and `why`) when it cannot be read.
std::optional<QJsonObject> readRoot(const QString& path, QString& why) {
  if (!QFileInfo::exists(path)) return QJsonObject{};
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) {
    why = QObject::tr("cannot read it");
    return std::nullopt;
  }
  ParsedResults parsed = ResultsFile::parse(f.readAll());
  if (parsed.status != ParsedResults::Status::Ok) {
    why = parsed.why;
    return std::nullopt;
  }
  return parsed.root;
}

// A free name beside `path` for the copy of a file that is replaced: NAME.bak,
// or NAME.bak.2, .3, ... when an older copy is there (it is kept too).
QString backupName(const QString& path) {
  QString name = path + QStringLiteral(".bak");
  for (int i = 2; QFileInfo::exists(name) && i < 1000; ++i) name = path + QStringLiteral(".bak.%1").arg(i);
  return name;
}

// Replaces `key` in the results file of `rulesetPath`, every other key kept.
// A newer version's file is not replaced; one that is not a results file this
// version reads is copied to NAME.bak first (`note` says so).
bool writeKey(const QString& rulesetPath, const QString& key, const QJsonObject& value, QString* error, QString* note) {
  const QString path = ResultsFile::pathFor(rulesetPath);
  if (path.isEmpty()) {
    if (error) *error = QObject::tr("the ruleset has no file yet");
    return false;
  }
  const QString name = QFileInfo(path).fileName();
  QJsonObject root;
  const QFileInfo info(path);
  if (info.exists() && info.isDir()) {
    if (error) *error = QObject::tr("%1 is a folder, not a file").arg(name);
    return false;
  }
  if (info.exists()) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
      // Unread, it could not be kept: not replaced.
      if (error) *error = QObject::tr("cannot read %1 (%2), so it is not replaced").arg(name, f.errorString());
      return false;
    }
    const QByteArray bytes = f.readAll();
    f.close();
    const ParsedResults parsed = ResultsFile::parse(bytes);
    if (parsed.status == ParsedResults::Status::Newer) {
      if (error)
        *error = QObject::tr("%1 was written by a newer workbench (version %2; this one writes %3): not replaced")
                     .arg(name)
                     .arg(parsed.version)
                     .arg(ResultsFile::kVersion);
      return false;
    }
    if (parsed.status == ParsedResults::Status::Damaged) {
      const QString bak = backupName(path);
      std::string failure;
      if (!model::writeFileAtomically(bak.toStdString(), std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                                      &failure)) {
        if (error)
          *error = QObject::tr("%1 cannot be read (%2) and cannot be kept as %3 (%4), so it is not replaced")
                       .arg(name, parsed.why, QFileInfo(bak).fileName(), QString::fromStdString(failure));
        return false;
      }
      if (note) *note = QObject::tr("%1 could not be read (%2); it is kept as %3").arg(name, parsed.why, QFileInfo(bak).fileName());
    } else {
      root = parsed.root;
    }
  }
  root[QStringLiteral("format")] = QString::fromLatin1(kFormat);
  root[QStringLiteral("version")] = ResultsFile::kVersion;
  root[QStringLiteral("ruleset_file")] = QFileInfo(rulesetPath).fileName();
  root[key] = value;
  std::string failure;
  if (!model::writeFileAtomically(path.toStdString(), QJsonDocument(root).toJson(QJsonDocument::Indented).toStdString(),
                                  &failure)) {
    if (error) *error = QStringLiteral("%1: %2").arg(name, QString::fromStdString(failure));
    return false;
  }
  return true;
}

}  // namespace

ParsedResults ResultsFile::parse(const QByteArray& bytes) {
  ParsedResults out;
  auto damaged = [&](const QString& why) {
    out.status = ParsedResults::Status::Damaged;
    out.why = why;
    return out;
  };
  QJsonParseError parse{};
  const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parse);
  if (parse.error != QJsonParseError::NoError) return damaged(parse.errorString());
  if (!doc.isObject()) return damaged(QObject::tr("not a results file"));
  const QJsonObject root = doc.object();
  if (root[QStringLiteral("format")].toString() != QLatin1String(kFormat)) return damaged(QObject::tr("not a results file"));
  const QJsonValue version = root[QStringLiteral("version")];
  // A version is a whole number; anything else is damage, not a newer file.
  const double v = version.toDouble(-1.0);
  // The range first: converting 1e308 to an integer is undefined (the fuzz
  // target's first finding, tests/fuzz/corpus/results).
  if (!version.isDouble() || !(v >= 1 && v <= 1e9) || v != std::floor(v))
    return damaged(QObject::tr("no version this workbench understands"));
  out.version = static_cast<int>(v);
  if (out.version > kVersion) {
    out.status = ParsedResults::Status::Newer;
    out.why = QObject::tr("version %1; this workbench reads %2").arg(out.version).arg(kVersion);
    return out;
  }
  if (out.version != kVersion)
    return damaged(QObject::tr("version %1; this workbench reads %2").arg(out.version).arg(kVersion));
  out.root = root;
  return out;
}

bool ResultsFile::saveSection(const QString& rulesetPath, const QString& key, const QJsonObject& value, QString* error,
                              QString* note) {
  return writeKey(rulesetPath, key, value, error, note);
}

std::optional<QJsonObject> ResultsFile::loadSection(const QString& rulesetPath, const QString& key, QString* error) {
  if (error) error->clear();
  const QString path = pathFor(rulesetPath);
  if (path.isEmpty() || !QFileInfo::exists(path)) return std::nullopt;
  QString why;
  const auto root = readRoot(path, why);
  if (!root) {
    if (error) *error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), why);
    return std::nullopt;
  }
  if (!root->contains(key)) return std::nullopt;
  return (*root)[key].toObject();
}

QString ResultsFile::pathFor(const QString& rulesetPath) {
  if (rulesetPath.isEmpty()) return {};
  const QFileInfo info(rulesetPath);
  return info.dir().filePath(info.completeBaseName() + QStringLiteral(".results.json"));
}

bool ResultsFile::saveRun(const QString& rulesetPath, const StoredRun& stored, QString* error, QString* note) {
  const QString path = pathFor(rulesetPath);
  if (path.isEmpty()) {
    if (error) *error = QObject::tr("the ruleset has no file yet");
    return false;
  }
  const sim::RunResult& r = stored.run;
  QJsonObject run;
  run[QStringLiteral("content_hash")] = QString::fromStdString(stored.contentHash);
  run[QStringLiteral("saved_at")] = stored.savedAt.isEmpty()
                                        ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate)
                                        : stored.savedAt;
  run[QStringLiteral("settings")] = settings(r.config);
  run[QStringLiteral("ruleset")] = QString::fromStdString(r.ruleset);
  run[QStringLiteral("engine")] = QString::fromStdString(r.engine);
  run[QStringLiteral("agents")] = strings(r.agents);
  run[QStringLiteral("factions")] = strings(r.factions);
  run[QStringLiteral("entities")] = strings(r.entities);
  run[QStringLiteral("counters")] = strings(r.counters);
  run[QStringLiteral("schedule")] = QString::fromStdString(r.schedule);
  run[QStringLiteral("schedule_cycle_games")] = big(r.scheduleCycleGames);
  run[QStringLiteral("elapsed_s")] = r.elapsedSeconds;
  run[QStringLiteral("target_reached")] = r.targetReached;
  // For a reader: what the statistics hold, in words.
  QJsonObject summary;
  summary[QStringLiteral("games")] = big(r.stats.games());
  summary[QStringLiteral("timeouts")] = big(r.stats.timeouts());
  QJsonArray seats;
  for (const auto& t : r.stats.seats()) seats.append(t.winRate());
  summary[QStringLiteral("seat_win_rates")] = seats;
  run[QStringLiteral("summary")] = summary;
  const std::string bytes = sim::RunStatsCodec::encode(r.stats);
  run[QStringLiteral("stats")] = QString::fromLatin1(QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())).toBase64());

  return writeKey(rulesetPath, QStringLiteral("run"), run, error, note);
}

std::optional<StoredRun> ResultsFile::loadRun(const QString& rulesetPath, QString* error) {
  if (error) error->clear();
  const QString path = pathFor(rulesetPath);
  if (path.isEmpty() || !QFileInfo::exists(path)) return std::nullopt;
  auto fail = [&](const QString& why) {
    if (error) *error = QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), why);
    return std::nullopt;
  };
  QString why;
  const auto read = readRoot(path, why);
  if (!read) return fail(why);
  const QJsonObject& root = *read;
  if (!root.contains(QStringLiteral("run"))) return std::nullopt;
  QString reason;
  auto out = runFromJson(root[QStringLiteral("run")].toObject(), &reason);
  if (!out) return fail(reason);
  return out;
}

std::optional<StoredRun> ResultsFile::runFromJson(const QJsonObject& run, QString* why) {
  StoredRun out;
  out.contentHash = run[QStringLiteral("content_hash")].toString().toStdString();
  out.savedAt = run[QStringLiteral("saved_at")].toString();
  sim::RunResult& r = out.run;
  r.config = settings(run[QStringLiteral("settings")].toObject());
  r.ruleset = run[QStringLiteral("ruleset")].toString().toStdString();
  r.engine = run[QStringLiteral("engine")].toString().toStdString();
  r.agents = strings(run[QStringLiteral("agents")]);
  r.factions = strings(run[QStringLiteral("factions")]);
  r.entities = strings(run[QStringLiteral("entities")]);
  r.counters = strings(run[QStringLiteral("counters")]);
  r.schedule = run[QStringLiteral("schedule")].toString().toStdString();
  r.scheduleCycleGames = big(run[QStringLiteral("schedule_cycle_games")]);
  r.elapsedSeconds = run[QStringLiteral("elapsed_s")].toDouble();
  r.targetReached = run[QStringLiteral("target_reached")].toBool();
  const QByteArray bytes = QByteArray::fromBase64(run[QStringLiteral("stats")].toString().toLatin1());
  if (!sim::RunStatsCodec::decode(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), r.stats))
  {
    if (why) *why = QObject::tr("its statistics are from another version");
    return std::nullopt;
  }
  // Names and statistics go together: a shortened list would label a bar by its number.
  if (r.entities.size() != r.stats.entities().size()) {
    if (why)
      *why = QObject::tr("it names %1 entities for the statistics of %2").arg(r.entities.size()).arg(r.stats.entities().size());
    return std::nullopt;
  }
  return out;
}

}  // namespace wb::app
