#include "app/gui/editors/parameter_table_model.h"

#include <QFont>

namespace wb::app {

ParameterTableModel::ParameterTableModel(RulesetDocument* document, QObject* parent)
    : PathTableModel(document, parent) {
  setColumns({
      {tr("Id"), QStringLiteral("#id"), false, tr("Parameter id (used in expressions)")},
      {tr("Type"), QStringLiteral("#type"), false, tr("int, float, bool, enum or string")},
      {tr("Value"), QString(), true, tr("The value the game uses")},
      {tr("Min"), QStringLiteral("min"), true, tr("Lowest allowed value")},
      {tr("Max"), QStringLiteral("max"), true, tr("Highest allowed value")},
      {tr("Description"), QStringLiteral("description"), true, QString()},
  });
}

int ParameterTableModel::rows() const { return static_cast<int>(m_document->ruleset().parameters.size()); }

QString ParameterTableModel::rowId(int row) const {
  const auto& list = m_document->ruleset().parameters;
  return row >= 0 && row < static_cast<int>(list.size())
             ? QString::fromStdString(list[static_cast<std::size_t>(row)].id)
             : QString();
}

QString ParameterTableModel::rowPrefix(int row) const { return QStringLiteral("parameters.") + rowId(row); }

QVariant ParameterTableModel::computed(int row, int column, int role) const {
  const auto& list = m_document->ruleset().parameters;
  if (row < 0 || row >= static_cast<int>(list.size())) return {};
  const auto& p = list[static_cast<std::size_t>(row)];
  if (role != Qt::DisplayRole && role != SortRole && role != Qt::FontRole && role != Qt::ToolTipRole) return {};
  if (column == 0) {
    if (role == Qt::FontRole) {
      QFont f;
      f.setFamily(QStringLiteral("monospace"));
      return f;
    }
    if (role == Qt::ToolTipRole) return {};  // an assumed value's note: its marker (PathTableModel::data)
    return QString::fromStdString(p.id);
  }
  if (column == 1 && role != Qt::FontRole && role != Qt::ToolTipRole) {
    QString type = QString::fromLatin1(model::toString(p.type));
    if (!p.choices.empty()) {
      QStringList c;
      for (const auto& s : p.choices) c << QString::fromStdString(s);
      type += QStringLiteral(" (%1)").arg(c.join(QLatin1Char('|')));
    }
    return type;
  }
  return {};
}

bool ParameterTableModel::affectedBy(const DocumentChange& change) const {
  return change.kind == DocumentChange::Kind::Everything;
}

}  // namespace wb::app
