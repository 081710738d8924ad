#include "app/gui/editors/dice_table_model.h"

#include <QFont>

namespace wb::app {

DiceTableModel::DiceTableModel(RulesetDocument* document, QObject* parent) : PathTableModel(document, parent) {
  setColumns({
      {tr("Id"), QStringLiteral("#id"), false, tr("Die id (its value in expressions)")},
      {tr("Name"), QStringLiteral("#name"), false, QString()},
      {tr("Faces"), QStringLiteral("faces"), true, tr("Face symbols, comma separated")},
      {tr("Sides"), QStringLiteral("#sides"), false, QString()},
      {tr("Mean"), QStringLiteral("#mean"), false, tr("Expected value of one roll")},
  });
}

int DiceTableModel::rows() const { return static_cast<int>(m_document->ruleset().dice.size()); }

QString DiceTableModel::rowId(int row) const {
  const auto& list = m_document->ruleset().dice;
  return row >= 0 && row < static_cast<int>(list.size()) ? QString::fromStdString(list[static_cast<std::size_t>(row)].id)
                                                         : QString();
}

QString DiceTableModel::rowPrefix(int row) const { return QStringLiteral("dice.") + rowId(row); }

QVariant DiceTableModel::computed(int row, int column, int role) const {
  const auto& list = m_document->ruleset().dice;
  if (row < 0 || row >= static_cast<int>(list.size())) return {};
  const auto& d = list[static_cast<std::size_t>(row)];
  if (role == Qt::FontRole && column == 0) {
    QFont f;
    f.setFamily(QStringLiteral("monospace"));
    return f;
  }
  if (role == Qt::TextAlignmentRole && column >= 3) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole && role != SortRole) return {};
  switch (column) {
    case 0: return QString::fromStdString(d.id);
    case 1: return QString::fromStdString(d.name);
    case 3: return static_cast<int>(d.faces.size());
    case 4: {
      const double total = d.totalWeight();
      double sum = 0;
      for (const auto& f : d.faces) sum += f.value * f.weight;
      const double mean = total > 0 ? sum / total : 0.0;
      return role == SortRole ? QVariant(mean) : QVariant(QString::number(mean, 'f', 2));
    }
    default: return {};
  }
}

bool DiceTableModel::affectedBy(const DocumentChange& change) const {
  return change.kind == DocumentChange::Kind::Everything;
}

}  // namespace wb::app
