#include "app/gui/specialties/specialties_json.h"

#include <QDateTime>
#include <QJsonArray>

namespace wb::app {

namespace {

QString big(std::uint64_t n) { return QString::number(static_cast<qulonglong>(n)); }
std::uint64_t big(const QJsonValue& v) { return v.toString().toULongLong(); }

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

QJsonArray pairings(const std::vector<sim::SpecialtyPairing>& list) {
  QJsonArray out;
  for (const auto& p : list) {
    QJsonObject o;
    o[QStringLiteral("a")] = p.a;
    o[QStringLiteral("b")] = p.b;
    o[QStringLiteral("games")] = big(p.tally.games);
    o[QStringLiteral("score")] = p.tally.score;  // halves: exact in a double and in JSON
    o[QStringLiteral("adjudicated")] = big(p.tally.adjudicated);
    o[QStringLiteral("capped")] = big(p.tally.capped);
    o[QStringLiteral("power_uses")] = p.tally.powerUses;
    o[QStringLiteral("turns")] = p.tally.turns;
    out.append(o);
  }
  return out;
}

std::optional<std::vector<sim::SpecialtyPairing>> pairings(const QJsonValue& value, int factions) {
  std::vector<sim::SpecialtyPairing> out;
  for (const auto& v : value.toArray()) {
    const QJsonObject o = v.toObject();
    sim::SpecialtyPairing p;
    p.a = o[QStringLiteral("a")].toInt(-1);
    p.b = o[QStringLiteral("b")].toInt(-1);
    if (p.a < 0 || p.b < 0 || p.a >= factions || p.b >= factions) return std::nullopt;
    p.tally.games = big(o[QStringLiteral("games")]);
    p.tally.score = o[QStringLiteral("score")].toDouble();
    p.tally.adjudicated = big(o[QStringLiteral("adjudicated")]);
    p.tally.capped = big(o[QStringLiteral("capped")]);
    p.tally.powerUses = o[QStringLiteral("power_uses")].toDouble();
    p.tally.turns = o[QStringLiteral("turns")].toDouble();
    out.push_back(p);
  }
  return out;
}

}  // namespace

QJsonObject specialtiesToJson(const StoredSpecialties& stored) {
  const sim::SpecialtiesResult& r = stored.result;
  QJsonObject settings;
  settings[QStringLiteral("games")] = big(r.config.games);
  settings[QStringLiteral("matrix_games")] = big(r.config.matrixGames);
  settings[QStringLiteral("agents")] = strings(r.config.agents);
  settings[QStringLiteral("seed")] = big(r.config.seed);
  settings[QStringLiteral("baseline")] = r.config.baseline;
  settings[QStringLiteral("max_turns")] = r.config.maxTurns;
  settings[QStringLiteral("threads")] = r.config.threads;
  QJsonObject o;
  o[QStringLiteral("content_hash")] = QString::fromStdString(stored.contentHash);
  o[QStringLiteral("saved_at")] =
      stored.savedAt.isEmpty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate) : stored.savedAt;
  o[QStringLiteral("settings")] = settings;
  o[QStringLiteral("factions")] = strings(r.factions);
  o[QStringLiteral("names")] = strings(stored.names);
  o[QStringLiteral("powers_counted")] = r.powersCounted;
  o[QStringLiteral("vs_baseline")] = pairings(r.vsBaseline);
  o[QStringLiteral("round_robin")] = pairings(r.roundRobin);
  o[QStringLiteral("elapsed_s")] = r.elapsedSeconds;
  return o;
}

std::optional<StoredSpecialties> specialtiesFromJson(const QJsonObject& o) {
  StoredSpecialties out;
  out.contentHash = o[QStringLiteral("content_hash")].toString().toStdString();
  out.savedAt = o[QStringLiteral("saved_at")].toString();
  sim::SpecialtiesResult& r = out.result;
  const QJsonObject s = o[QStringLiteral("settings")].toObject();
  r.config.games = big(s[QStringLiteral("games")]);
  r.config.matrixGames = big(s[QStringLiteral("matrix_games")]);
  r.config.agents = strings(s[QStringLiteral("agents")]);
  r.config.seed = big(s[QStringLiteral("seed")]);
  r.config.baseline = s[QStringLiteral("baseline")].toInt();
  r.config.maxTurns = s[QStringLiteral("max_turns")].toInt();
  r.config.threads = s[QStringLiteral("threads")].toInt();
  r.factions = strings(o[QStringLiteral("factions")]);
  out.names = strings(o[QStringLiteral("names")]);
  r.powersCounted = o[QStringLiteral("powers_counted")].toBool(true);  // files from before it: as they were shown
  const int f = static_cast<int>(r.factions.size());
  if (f < 2 || out.names.size() != r.factions.size() || r.config.baseline < 0 || r.config.baseline >= f)
    return std::nullopt;
  auto vs = pairings(o[QStringLiteral("vs_baseline")], f);
  auto rr = pairings(o[QStringLiteral("round_robin")], f);
  if (!vs || !rr) return std::nullopt;
  r.vsBaseline = std::move(*vs);
  r.roundRobin = std::move(*rr);
  r.elapsedSeconds = o[QStringLiteral("elapsed_s")].toDouble();
  return out;
}

}  // namespace wb::app
