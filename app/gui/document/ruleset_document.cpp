#include "app/gui/document/ruleset_document.h"

#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QRegularExpression>
#include <QUndoStack>

#include <algorithm>
#include <set>

#include "app/gui/document/effect_commands.h"
#include "app/gui/document/entity_commands.h"
#include "app/gui/document/set_value.h"
#include "model/expression/compiled_expression.h"
#include "model/expression/expression.h"
#include "model/path/ruleset_path.h"
#include "model/validation/expression_check.h"
#include "model/validation/ruleset_validator.h"
#include "model/yaml/ruleset_loader.h"
#include "model/yaml/ruleset_writer.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

namespace {

std::string toStd(const QString& s) { return s.toStdString(); }

void setError(QString* error, const QString& message) {
  if (error) *error = message;
}

QString readText(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QString::fromUtf8(f.readAll());
}

}  // namespace

RulesetDocument::RulesetDocument(QObject* parent)
    : QObject(parent), m_undo(new QUndoStack(this)), m_watcher(new QFileSystemWatcher(this)) {
  connect(m_undo, &QUndoStack::cleanChanged, this,
          [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
  connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &RulesetDocument::onFileChanged);
}

RulesetDocument::~RulesetDocument() = default;

bool RulesetDocument::open(const QString& path) {
  load(path, nullptr);
  return QFileInfo(path).isReadable();
}

void RulesetDocument::openFromString(const QString& yaml, const QString& fileName) {
  const std::string text = toStd(yaml);
  load(fileName, &text);
}

void RulesetDocument::load(const QString& path, const std::string* text) {
  const auto lookup = rulesets::builtinEngines().schemaLookup();
  model::LoadResult result = text ? model::loadRulesetFromString(*text, toStd(path), lookup)
                                  : model::loadRuleset(toStd(path), lookup);
  m_ruleset = std::move(result.ruleset);
  m_schema = lookup ? lookup(m_ruleset.engine) : nullptr;

  // What the validator alone reports now; the rest only the loader can see.
  model::Diagnostics validated;
  model::validateRuleset(m_ruleset, m_schema, validated);
  std::set<std::string> fromValidator;
  for (const auto& d : validated.items()) fromValidator.insert(d.format());
  m_loadOnly = {};
  for (const auto& d : result.diagnostics.items())
    if (!fromValidator.count(d.format())) m_loadOnly.add(d);
  m_diagnostics = std::move(result.diagnostics);

  m_kept.clear();
  m_keptOrder.clear();
  const QString oldPath = m_path;
  m_path = text ? QString() : QFileInfo(path).absoluteFilePath();
  m_diskText = text ? QString() : readText(m_path);
  m_undo->clear();
  m_undo->setClean();
  watch();
  if (oldPath != m_path) Q_EMIT filePathChanged(m_path);
  Q_EMIT reset();
  Q_EMIT diagnosticsChanged();
  Q_EMIT modifiedChanged(false);
}

bool RulesetDocument::save(QString* error) {
  if (m_path.isEmpty()) {
    setError(error, tr("The ruleset has no file yet; use Save As."));
    return false;
  }
  return saveAs(m_path, error);
}

bool RulesetDocument::saveAs(const QString& path, QString* error) {
  std::string why;
  const QString absolute = QFileInfo(path).absoluteFilePath();
  if (!model::saveRuleset(m_ruleset, toStd(absolute), &why)) {
    setError(error, QString::fromStdString(why));
    return false;
  }
  const bool renamed = absolute != m_path;
  m_path = absolute;
  m_diskText = readText(m_path);
  m_loadOnly = {};  // the saved file no longer has what the loader dropped
  m_undo->setClean();
  watch();
  revalidate();
  if (renamed) Q_EMIT filePathChanged(m_path);
  return true;
}

bool RulesetDocument::revert() {
  if (m_path.isEmpty()) return false;
  load(m_path, nullptr);
  return true;
}

int RulesetDocument::errorCount() const {
  return static_cast<int>(std::count_if(m_diagnostics.items().begin(), m_diagnostics.items().end(),
                                        [](const auto& d) { return d.severity == model::Severity::Error; }));
}

int RulesetDocument::warningCount() const {
  return static_cast<int>(std::count_if(m_diagnostics.items().begin(), m_diagnostics.items().end(),
                                        [](const auto& d) { return d.severity == model::Severity::Warning; }));
}

QString RulesetDocument::displayName() const {
  if (!m_path.isEmpty()) return QFileInfo(m_path).fileName();
  if (!m_ruleset.name.empty()) return QString::fromStdString(m_ruleset.name);
  return tr("Untitled");
}

bool RulesetDocument::isModified() const { return !m_undo->isClean(); }

bool RulesetDocument::push(QUndoCommand* command) {
  m_undo->push(command);
  return true;
}

bool RulesetDocument::setValue(const QString& path, const QString& text, QString* error) {
  std::string why;
  const auto old = model::getPath(m_ruleset, toStd(path), &why);
  if (!old) {
    setError(error, QString::fromStdString(why));
    return false;
  }
  if (old->type == model::ValueType::Expression) {
    int column = 0;
    const QString problem = checkExpression(text, &column);
    if (!problem.isEmpty()) {
      setError(error, problem);
      return false;
    }
  }
  // Try it on a copy: setPath checks type and range and says why it refuses.
  model::Ruleset trial = m_ruleset;
  if (!model::setPath(trial, toStd(path), toStd(text), &why)) {
    setError(error, QString::fromStdString(why));
    return false;
  }
  const auto now = model::getPath(trial, toStd(path));
  const QString newText = now ? QString::fromStdString(now->text) : text;
  if (newText == QString::fromStdString(old->text)) {
    if (m_kept.remove(path) > 0) {  // back to the model's value: what was kept is done with
      m_keptOrder.removeAll(path);
      revalidate();
    }
    return true;  // nothing to do
  }
  // The engine schema's ranges and checks (a cost below the engine's least).
  if (const QString problem = newProblem(trial); !problem.isEmpty()) {
    setError(error, problem);
    return false;
  }
  if (m_kept.remove(path) > 0) m_keptOrder.removeAll(path);  // the value is set
  return push(new SetValue(this, path, QString::fromStdString(old->text), text));
}

bool RulesetDocument::setValues(const std::vector<std::pair<QString, QString>>& edits, const QString& description,
                                QString* error) {
  // Check every edit in order on a copy (as setValue does for one).
  model::Ruleset trial = m_ruleset;
  std::vector<std::pair<QString, QString>> olds;  // path, old text of each edit that changes something
  std::vector<QString> news;
  for (const auto& [path, text] : edits) {
    std::string why;
    const auto old = model::getPath(trial, toStd(path), &why);
    if (!old) {
      setError(error, tr("%1: %2").arg(path, QString::fromStdString(why)));
      return false;
    }
    if (old->type == model::ValueType::Expression) {
      int column = 0;
      const QString problem = checkExpression(text, &column);
      if (!problem.isEmpty()) {
        setError(error, tr("%1: %2").arg(path, problem));
        return false;
      }
    }
    if (!model::setPath(trial, toStd(path), toStd(text), &why)) {
      setError(error, tr("%1: %2").arg(path, QString::fromStdString(why)));
      return false;
    }
    const auto now = model::getPath(trial, toStd(path));
    if (now && now->text == old->text) continue;  // already this value
    olds.emplace_back(path, QString::fromStdString(old->text));
    news.push_back(text);
  }
  if (olds.empty()) return true;  // nothing to do
  if (const QString problem = newProblem(trial); !problem.isEmpty()) {
    setError(error, problem);
    return false;
  }
  // A plain parent command (id -1): its children run in order, undo in reverse,
  // and it never merges with the SetValue before it.
  auto* compound = new QUndoCommand(description);
  for (std::size_t i = 0; i < olds.size(); ++i) new SetValue(this, olds[i].first, olds[i].second, news[i], compound);
  return push(compound);
}

bool RulesetDocument::addEntity(model::Section section, const model::Entity& entity, int index,
                                QString* error) {
  if (entity.id.empty() || m_ruleset.findEntity(entity.id)) {
    setError(error, tr("An entity with id '%1' already exists.").arg(QString::fromStdString(entity.id)));
    return false;
  }
  const int size = static_cast<int>(m_ruleset.entities(section).size());
  if (index < 0 || index > size) index = size;
  return push(new AddEntity(this, section, entity, index));
}

bool RulesetDocument::setProperty(model::Section section, const QString& id, const model::Field& value,
                                  QString* error) {
  const auto& list = m_ruleset.entities(section);
  const auto it = std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.id == toStd(id); });
  if (it == list.end()) {
    setError(error, tr("No entity '%1'.").arg(id));
    return false;
  }
  const bool remove = !value.isList && value.text.empty();
  const QString path = QStringLiteral("%1.%2.properties.%3")
                           .arg(QString::fromLatin1(model::toString(section)), id, QString::fromStdString(value.key));
  if (const model::PropertySpec* spec = m_schema ? m_schema->property(value.key) : nullptr; spec && !remove) {
    using model::ArgType;
    const bool wantList = spec->type == ArgType::TextList || spec->type == ArgType::DieList;
    QString why;
    if (wantList != value.isList) why = wantList ? tr("expected a list") : tr("expected one value, not a list");
    else if (spec->type == ArgType::Integer && !value.asInt()) why = tr("expected a whole number");
    else if (spec->type == ArgType::Number && !value.asNumber()) why = tr("expected a number");
    else if (spec->type == ArgType::Bool && !value.asBool()) why = tr("expected true or false");
    else if (spec->type == ArgType::Enum && std::find(spec->choices.begin(), spec->choices.end(), value.text) == spec->choices.end())
      why = tr("expected one of %1").arg(QString::fromStdString([&] {
        std::string all;
        for (const auto& c : spec->choices) all += (all.empty() ? "" : ", ") + c;
        return all;
      }()));
    else if (spec->type == ArgType::EntityRef && !m_ruleset.findEntity(value.text))
      why = tr("no entity has the id '%1'").arg(QString::fromStdString(value.text));
    else if (spec->type == ArgType::DieRef && !m_ruleset.die(value.text))
      why = tr("no die has the id '%1'").arg(QString::fromStdString(value.text));
    if (!why.isEmpty()) {
      setError(error, why);
      return false;
    }
  }
  model::Entity after = *it;
  auto slot = std::find_if(after.properties.begin(), after.properties.end(),
                           [&](const model::Field& f) { return f.key == value.key; });
  auto fieldText = [](const model::Field& f) {
    if (!f.isList) return QString::fromStdString(f.text);
    std::string all;
    for (const auto& i : f.items) all += (all.empty() ? "" : ", ") + i;
    return QStringLiteral("[%1]").arg(QString::fromStdString(all));
  };
  const QString shown = fieldText(value);
  const QString shownOld = slot == after.properties.end() ? tr("(none)") : fieldText(*slot);
  if (remove) {
    if (slot == after.properties.end()) return true;
    after.properties.erase(slot);
  } else if (slot == after.properties.end()) {
    after.properties.push_back(value);
  } else {
    if (*slot == value) return true;
    *slot = value;
  }
  {
    model::Ruleset trial = m_ruleset;
    trial.entities(section)[static_cast<std::size_t>(it - list.begin())] = after;
    if (const QString problem = newProblem(trial); !problem.isEmpty()) {
      setError(error, problem);
      return false;
    }
  }
  if (m_kept.remove(path) > 0) m_keptOrder.removeAll(path);
  return push(new ReplaceEntity(this, section, static_cast<int>(it - list.begin()), std::move(after),
                                remove ? tr("Remove %1").arg(path) : tr("Set %1: %2 -> %3").arg(path, shownOld, shown)));
}

bool RulesetDocument::removeEntity(model::Section section, const QString& id, QString* error) {
  const auto& list = m_ruleset.entities(section);
  const auto it = std::find_if(list.begin(), list.end(), [&](const auto& e) { return e.id == toStd(id); });
  if (it == list.end()) {
    setError(error, tr("No entity '%1'.").arg(id));
    return false;
  }
  return push(new RemoveEntity(this, section, static_cast<int>(it - list.begin())));
}

namespace {
const model::Entity* findIn(const model::Ruleset& r, model::Section s, const QString& id) {
  return r.entity(s, id.toStdString());
}
}  // namespace

bool RulesetDocument::addEffect(model::Section section, const QString& id, const model::Effect& effect,
                                int index, QString* error) {
  const auto* e = findIn(m_ruleset, section, id);
  if (!e) {
    setError(error, tr("No entity '%1'.").arg(id));
    return false;
  }
  const int size = static_cast<int>(e->effects.size());
  if (index < 0 || index > size) index = size;
  return push(new AddEffect(this, section, id, effect, index));
}

bool RulesetDocument::removeEffect(model::Section section, const QString& id, int index, QString* error) {
  const auto* e = findIn(m_ruleset, section, id);
  if (!e || index < 0 || index >= static_cast<int>(e->effects.size())) {
    setError(error, tr("No effect %1 on '%2'.").arg(index).arg(id));
    return false;
  }
  return push(new RemoveEffect(this, section, id, index));
}

bool RulesetDocument::moveEffect(model::Section section, const QString& id, int from, int to,
                                 QString* error) {
  const auto* e = findIn(m_ruleset, section, id);
  const int size = e ? static_cast<int>(e->effects.size()) : 0;
  if (!e || from < 0 || from >= size || to < 0 || to >= size) {
    setError(error, tr("Cannot move effect %1 to %2.").arg(from).arg(to));
    return false;
  }
  if (from == to) return true;
  return push(new MoveEffect(this, section, id, from, to));
}

bool RulesetDocument::editEffect(model::Section section, const QString& id, int index,
                                 const model::Effect& effect, QString* error) {
  const auto* e = findIn(m_ruleset, section, id);
  if (!e || index < 0 || index >= static_cast<int>(e->effects.size())) {
    setError(error, tr("No effect %1 on '%2'.").arg(index).arg(id));
    return false;
  }
  if (effect.op.empty()) {
    setError(error, tr("An effect needs an op."));
    return false;
  }
  // Expression arguments must parse (the schema says which are expressions).
  const model::OpSpec* spec = m_schema ? m_schema->op(effect.op) : nullptr;
  for (const auto& arg : effect.args) {
    const model::ArgSpec* as = spec ? spec->arg(arg.key) : nullptr;
    if (as && as->type == model::ArgType::Expression && !arg.isList) {
      const QString problem = checkExpression(QString::fromStdString(arg.text));
      if (!problem.isEmpty()) {
        setError(error, QStringLiteral("%1: %2").arg(QString::fromStdString(arg.key), problem));
        return false;
      }
    }
  }
  if (e->effects[static_cast<std::size_t>(index)] == effect) return true;
  {
    model::Ruleset trial = m_ruleset;
    trial.entity(section, id.toStdString())->effects[static_cast<std::size_t>(index)] = effect;
    if (const QString problem = newProblem(trial); !problem.isEmpty()) {
      setError(error, problem);
      return false;
    }
  }
  return push(new EditEffect(this, section, id, index, effect));
}

QString RulesetDocument::uniqueEntityId(const QString& base) const {
  QString id = base.isEmpty() ? QStringLiteral("new_entity") : base;
  for (int n = 2; m_ruleset.findEntity(toStd(id)); ++n) id = QStringLiteral("%1_%2").arg(base).arg(n);
  return id;
}

QString RulesetDocument::checkExpression(const QString& text, int* column) const {
  model::ExpressionError err;
  const auto expr = model::Expression::parse(toStd(text), &err);
  if (!expr) {
    if (column) *column = err.column;
    return tr("column %1: %2").arg(err.column).arg(QString::fromStdString(err.message));
  }
  // Names as the validator checks them (with "did you mean 'magic'?"); the
  // first unknown one is reported at its column.
  const model::validation::ExpressionNames names(m_ruleset, m_schema);
  model::Diagnostics problems;
  model::validation::checkExpressionNames(*expr, model::SourceLocation{std::string(), 1, 1}, names, problems);
  if (!problems.empty()) {
    const auto& first = problems.items().front();
    if (column) *column = first.where.column;
    const QString message = QString::fromStdString(first.message);
    // A lone word ("abc" as a cost): say what is expected there.
    static const QRegularExpression word(QStringLiteral("^\\s*[A-Za-z_][A-Za-z0-9_]*\\s*$"));
    if (word.match(text).hasMatch())
      return tr("expected a number or an expression over parameters and dice (e.g. 12 or 2 * fire); %1").arg(message);
    return message;
  }
  if (column) *column = 0;
  return {};
}

QString RulesetDocument::newProblem(const model::Ruleset& trial) const {
  model::Diagnostics before, after;
  model::validateRuleset(m_ruleset, m_schema, before);
  model::validateRuleset(trial, m_schema, after);
  std::set<std::string> had;
  for (const auto& d : before.items())
    if (d.severity == model::Severity::Error) had.insert(d.format());
  for (const auto& d : after.items())
    if (d.severity == model::Severity::Error && !had.count(d.format())) return QString::fromStdString(d.message);
  return {};
}

void RulesetDocument::keepInput(const QString& path, const QString& text, const QString& problem) {
  const auto it = m_kept.constFind(path);
  if (it != m_kept.constEnd() && it->text == text && it->problem == problem) return;
  m_kept.insert(path, {text, problem});
  m_keptOrder.removeAll(path);
  m_keptOrder << path;
  revalidate();
}

void RulesetDocument::dropKeptInput(const QString& path) {
  m_keptOrder.removeAll(path);
  if (m_kept.remove(path) > 0) revalidate();
}

bool RulesetDocument::discardLastKeptInput() {
  while (!m_keptOrder.isEmpty()) {
    const QString path = m_keptOrder.takeLast();
    if (m_kept.remove(path) > 0) {
      revalidate();
      DocumentChange change;
      change.kind = DocumentChange::Kind::Value;
      change.path = path;
      Q_EMIT changed(change);  // views show the model's value again
      Q_EMIT keptInputDiscarded(path);
      return true;
    }
  }
  return false;
}

QString RulesetDocument::keptText(const QString& path) const {
  const auto it = m_kept.constFind(path);
  return it == m_kept.constEnd() ? QString() : it->text;
}

QString RulesetDocument::keptProblem(const QString& path) const {
  const auto it = m_kept.constFind(path);
  return it == m_kept.constEnd() ? QString() : it->problem;
}

// Where a kept input's value is (or would be) in the YAML: the value itself,
// else its effect's op, else its entity; and whether the thing still exists.
std::optional<model::SourceLocation> RulesetDocument::keptLocation(const QString& path) const {
  if (const auto v = model::getPath(m_ruleset, toStd(path)); v) return v->where;
  const QStringList parts = path.split(QLatin1Char('.'));
  if (parts.size() >= 5 && parts[2] == QLatin1String("effects")) {
    const QString op = QStringList(parts.mid(0, 4)).join(QLatin1Char('.')) + QStringLiteral(".op");
    if (const auto v = model::getPath(m_ruleset, toStd(op)); v) return v->where;
    return std::nullopt;  // the effect is gone
  }
  if (parts.size() >= 3) {
    if (const auto s = model::sectionFromString(toStd(parts[0])))
      if (const model::Entity* e = m_ruleset.entity(*s, toStd(parts[1]))) return e->origin.loc;
    return std::nullopt;
  }
  return model::SourceLocation{};
}

const model::Entity* RulesetDocument::entityAt(const model::SourceLocation& where,
                                               model::Section* section) const {
  if (!where.known()) return nullptr;
  // The entity that starts last at or before the line, in the same file.
  const model::Entity* best = nullptr;
  int bestLine = 0;
  for (model::Section s : model::kSections) {
    for (const auto& e : m_ruleset.entities(s)) {
      const auto& loc = e.origin.loc;
      if (!loc.known() || loc.line > where.line || loc.line < bestLine) continue;
      if (!where.file.empty() && !loc.file.empty() &&
          QFileInfo(QString::fromStdString(loc.file)).fileName() !=
              QFileInfo(QString::fromStdString(where.file)).fileName())
        continue;
      best = &e;
      bestLine = loc.line;
      if (section) *section = s;
    }
  }
  if (!best) return nullptr;
  // Past the last key of that entity (by a margin of nested lines) means "not inside".
  int lastLine = best->origin.loc.line;
  for (const auto& [key, loc] : best->origin.keys) lastLine = std::max(lastLine, loc.line);
  for (const auto& eff : best->effects) {
    lastLine = std::max(lastLine, eff.origin.loc.line);
    for (const auto& [key, loc] : eff.origin.keys) lastLine = std::max(lastLine, loc.line);
  }
  if (where.line > lastLine + 1) return nullptr;
  return best;
}

QStringList RulesetDocument::diagnosticsFor(model::Section section, const QString& id) const {
  QStringList out;
  for (const auto& d : m_diagnostics.items()) {
    model::Section s{};
    const model::Entity* e = entityAt(d.where, &s);
    if (e && s == section && e->id == toStd(id)) out << QString::fromStdString(d.message);
  }
  return out;
}

void RulesetDocument::commandApplied(const DocumentChange& change) {
  revalidate();
  Q_EMIT changed(change);
}

void RulesetDocument::revalidate() {
  model::Diagnostics now = m_loadOnly;
  model::validateRuleset(m_ruleset, m_schema, now);
  for (auto it = m_kept.begin(); it != m_kept.end();) {
    const auto where = keptLocation(it.key());
    if (!where) {  // its entity or effect was removed
      m_keptOrder.removeAll(it.key());
      it = m_kept.erase(it);
      continue;
    }
    now.error(*where, tr("%1: '%2' not applied: %3").arg(it.key(), it->text, it->problem).toStdString());
    ++it;
  }
  now.sort();
  m_diagnostics = std::move(now);
  Q_EMIT diagnosticsChanged();
}

void RulesetDocument::watch() {
  if (!m_watcher->files().isEmpty()) m_watcher->removePaths(m_watcher->files());
  if (!m_path.isEmpty() && QFileInfo::exists(m_path)) m_watcher->addPath(m_path);
}

void RulesetDocument::onFileChanged(const QString& path) {
  // An atomic save replaces the file: watch the new one.
  if (QFileInfo::exists(path) && !m_watcher->files().contains(path)) m_watcher->addPath(path);
  const QString now = readText(path);
  if (now == m_diskText) return;  // our own save, or a touch
  m_diskText = now;
  Q_EMIT fileChangedOnDisk(path);
}

}  // namespace wb::app
