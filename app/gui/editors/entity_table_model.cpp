#include "app/gui/editors/entity_table_model.h"

#include <QFont>

#include "app/gui/assumptions/assumption_marks.h"
#include "app/gui/editors/properties_editor.h"
#include "app/gui/editors/section_fields.h"

namespace wb::app {

EntityTableModel::EntityTableModel(RulesetDocument* document, model::Section section, QObject* parent)
    : PathTableModel(document, parent), m_section(section) {
  rebuildColumns();
  connect(document, &RulesetDocument::reset, this, &EntityTableModel::rebuildColumns);
}

void EntityTableModel::rebuildColumns() {
  // The columns the engine declares for the section (section_fields.h), not a generic list.
  const model::EngineSchema* schema = m_document->schema();
  const ShownFields shown = shownFields(schema, m_document->ruleset(), m_section);
  std::vector<Column> cols = {
      {tr("Id"), QStringLiteral("#id"), false, tr("Unique id (referenced by other entities)")},
      {tr("Name"), QStringLiteral("name"), true, tr("Name as printed")},
      {tr("Kind"), QStringLiteral("kind"), true, tr("The engine's sub-type")},
  };
  if (shown.count) cols.push_back({tr("Count"), QStringLiteral("count"), true, tr("Copies in the game")});
  if (shown.cost) {
    cols.push_back({tr("Cost"), QStringLiteral("cost"), true, tr("Cost in the main currency (an expression)")});
    if (schema)
      for (const auto& res : schema->costResources)
        cols.push_back({QString::fromStdString(res), QStringLiteral("costs.") + QString::fromStdString(res), true,
                        tr("Cost in %1").arg(QString::fromStdString(res))});
  }
  for (const auto& key : shown.properties) {
    const model::PropertySpec* spec = schema ? schema->property(key) : nullptr;
    cols.push_back({PropertiesEditor::title(key), QStringLiteral("properties.") + QString::fromStdString(key), true,
                    QStringLiteral("properties.%1: ").arg(QString::fromStdString(key)) +
                        (spec ? QString::fromStdString(spec->description) : tr("a property (edit in the inspector)"))});
  }
  cols.push_back({tr("Tags"), QStringLiteral("#tags"), false, tr("Tags (edit in the inspector)")});
  if (shown.effects) cols.push_back({tr("Effects"), QStringLiteral("#effects"), false, tr("Effects (edit in the inspector)")});
  cols.push_back({tr("Text"), QStringLiteral("text"), true, tr("Rules text")});
  setColumns(std::move(cols));
}

int EntityTableModel::columnOf(const QString& field) const {
  for (int c = 0; c < columnCount(); ++c) {
    const QString f = columns()[static_cast<std::size_t>(c)].field;
    if (f == field || f == QLatin1Char('#') + field) return c;
  }
  return -1;
}

const model::Entity* EntityTableModel::entityAt(int row) const {
  const auto& list = m_document->ruleset().entities(m_section);
  return row >= 0 && row < static_cast<int>(list.size()) ? &list[static_cast<std::size_t>(row)] : nullptr;
}

int EntityTableModel::rows() const { return static_cast<int>(m_document->ruleset().entities(m_section).size()); }

QString EntityTableModel::rowId(int row) const {
  const auto* e = entityAt(row);
  return e ? QString::fromStdString(e->id) : QString();
}

QString EntityTableModel::rowPrefix(int row) const {
  return QStringLiteral("%1.%2").arg(QString::fromLatin1(model::toString(m_section)), rowId(row));
}

QString effectSummary(const model::Effect& effect) {
  QStringList args;
  for (const auto& a : effect.args) {
    const QString value = a.isList ? QStringLiteral("[%1]").arg(
                                         [&] {
                                           QStringList items;
                                           for (const auto& i : a.items) items << QString::fromStdString(i);
                                           return items.join(QStringLiteral(", "));
                                         }())
                                   : QString::fromStdString(a.text);
    args << QStringLiteral("%1=%2").arg(QString::fromStdString(a.key), value);
  }
  return QStringLiteral("%1(%2)").arg(QString::fromStdString(effect.op), args.join(QStringLiteral(", ")));
}

QVariant EntityTableModel::computed(int row, int column, int role) const {
  const auto* e = entityAt(row);
  if (!e) return {};
  const QString field = columns()[static_cast<std::size_t>(column)].field;
  if (field == QLatin1String("#id")) {
    if (role == Qt::DisplayRole || role == Qt::EditRole || role == SortRole) return QString::fromStdString(e->id);
    if (role == Qt::FontRole) {
      QFont f;
      f.setFamily(QStringLiteral("monospace"));
      return f;
    }
    return {};
  }
  if (field == QLatin1String("#tags")) {
    QStringList tags;
    for (const auto& t : e->tags) tags << QString::fromStdString(t);
    if (role == Qt::DisplayRole || role == SortRole) return tags.join(QStringLiteral(", "));
    return {};
  }
  if (field == QLatin1String("#effects")) {
    QStringList lines;
    for (const auto& eff : e->effects) lines << effectSummary(eff);
    if (role == Qt::DisplayRole || role == SortRole) return lines.join(QStringLiteral("; "));
    // Effects marked assumed carry the marker here (and in the effects editor).
    std::optional<AssumptionMark> first;
    QStringList marks;
    for (std::size_t i = 0; i < e->effects.size(); ++i)
      if (auto m = AssumptionMarks::of(m_document)->mark(QStringLiteral("%1.effects.%2").arg(rowPrefix(row)).arg(i))) {
        if (!first) first = m;
        marks << tr("Effect %1: %2").arg(i + 1).arg(m->tooltip);
      }
    if (role == Qt::ToolTipRole) return (QStringList{lines.join(QLatin1Char('\n'))} + marks).join(QStringLiteral("\n\n"));
    if (role == Qt::DecorationRole && first) return AssumptionMarks::icon(first->state);
    if (role == AssumedRole && first) return first->stateName();
    return {};
  }
  return {};
}

QStringList EntityTableModel::choices(int, int column) const {
  if (columns()[static_cast<std::size_t>(column)].field != QLatin1String("kind")) return {};
  QStringList out;
  if (const auto* schema = m_document->schema()) {
    const auto it = schema->kinds.find(m_section);
    if (it != schema->kinds.end())
      for (const auto& k : it->second) out << QString::fromStdString(k);
  }
  return out;
}

QStringList EntityTableModel::rowProblems(int row) const { return m_document->diagnosticsFor(m_section, rowId(row)); }

bool EntityTableModel::affectedBy(const DocumentChange& change) const {
  if (change.kind == DocumentChange::Kind::Everything) return true;
  return change.section == static_cast<int>(m_section);
}

}  // namespace wb::app
