#include "app/gui/editors/path_table_model.h"

#include <QBrush>
#include <QColor>
#include <QFileInfo>

#include <algorithm>

#include "app/gui/assumptions/assumption_marks.h"
#include "model/path/ruleset_path.h"

namespace wb::app {

PathTableModel::PathTableModel(RulesetDocument* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document) {
  connect(document, &RulesetDocument::changed, this, &PathTableModel::onChanged);
  connect(document, &RulesetDocument::reset, this, [this] {
    beginResetModel();
    endResetModel();
  });
  connect(AssumptionMarks::of(document), &AssumptionMarks::changed, this, [this] {
    if (rowCount() > 0)
      Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::DecorationRole, Qt::ToolTipRole, Qt::BackgroundRole, AssumedRole});
  });
  connect(document, &RulesetDocument::diagnosticsChanged, this, [this] {
    if (rowCount() > 0)
      Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::DisplayRole, Qt::EditRole, Qt::ToolTipRole, Qt::BackgroundRole, Qt::ForegroundRole});
  });
}

void PathTableModel::setColumns(std::vector<Column> columns) {
  beginResetModel();
  m_columns = std::move(columns);
  endResetModel();
}

int PathTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : rows(); }

int PathTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

int PathTableModel::rowOf(const QString& id) const {
  for (int r = 0; r < rows(); ++r)
    if (rowId(r) == id) return r;
  return -1;
}

QString PathTableModel::pathAt(int row, int column) const {
  if (column < 0 || column >= columnCount()) return {};
  const Column& c = m_columns[static_cast<std::size_t>(column)];
  if (c.field.startsWith(QLatin1Char('#'))) return {};  // computed column
  const QString prefix = rowPrefix(row);
  return c.field.isEmpty() ? prefix : prefix + QLatin1Char('.') + c.field;
}

QVariant PathTableModel::computed(int, int, int) const { return {}; }
QStringList PathTableModel::choices(int, int) const { return {}; }
QStringList PathTableModel::rowProblems(int) const { return {}; }

bool PathTableModel::affectedBy(const DocumentChange&) const { return true; }

QStringList PathTableModel::cellProblems(const QString& path) const {
  QStringList out;
  const auto v = model::getPath(m_document->ruleset(), path.toStdString());
  if (!v || !v->where.known()) return out;
  const QString file = QFileInfo(QString::fromStdString(v->where.file)).fileName();
  for (const auto& d : m_document->diagnostics().items())
    if (d.severity == model::Severity::Error && d.where.line == v->where.line &&
        QFileInfo(QString::fromStdString(d.where.file)).fileName() == file &&
        !QString::fromStdString(d.message).contains(QStringLiteral("' not applied: ")))
      out << QString::fromStdString(d.message);
  return out;
}

QVariant PathTableModel::data(const QModelIndex& index, int role) const {
  if (role != Qt::DecorationRole && role != Qt::ToolTipRole && role != Qt::BackgroundRole && role != AssumedRole)
    return cellData(index, role);
  const bool marked = index.isValid() && index.row() < rows() &&
                      (index.column() == 0 || pathAt(index.row(), index.column()) == rowPrefix(index.row()));
  const auto mark = marked ? AssumptionMarks::of(m_document)->mark(rowPrefix(index.row())) : std::nullopt;
  if (role == AssumedRole) return mark ? QVariant(mark->stateName()) : cellData(index, role);
  const QVariant base = cellData(index, role);
  if (!mark) return base;
  switch (role) {
    case Qt::DecorationRole: return base.isValid() ? base : QVariant(AssumptionMarks::icon(mark->state));
    case Qt::BackgroundRole: return base.isValid() ? base : QVariant(QBrush(AssumptionMarks::tint(mark->state)));
    default: {
      const QString tip = base.toString();
      return tip.isEmpty() ? mark->tooltip : tip + QStringLiteral("\n\n") + mark->tooltip;
    }
  }
}

QVariant PathTableModel::cellData(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rows()) return {};
  const int row = index.row(), col = index.column();
  if (role == RowIdRole) return rowId(row);
  const QString path = pathAt(row, col);
  if (role == PathRole) return path;
  if (role == ChoicesRole) {
    QStringList list = choices(row, col);
    if (list.isEmpty() && !path.isEmpty()) {
      const auto v = model::getPath(m_document->ruleset(), path.toStdString());
      if (v && (v->type == model::ValueType::Enum || v->type == model::ValueType::Bool)) {
        for (const auto& c : v->choices) list << QString::fromStdString(c);
        if (v->type == model::ValueType::Bool && list.isEmpty()) list = {QStringLiteral("true"), QStringLiteral("false")};
      }
    }
    return list;
  }
  if (col == 0 && (role == Qt::BackgroundRole || role == Qt::ToolTipRole)) {
    // The row's problems that no cell of it shows (a cell shows its own, red).
    QStringList problems = rowProblems(row);
    const QString prefix = rowPrefix(row) + QLatin1Char('.');
    for (int c = 0; c < columnCount(); ++c) {
      const QString p = pathAt(row, c);
      if (p.isEmpty()) continue;
      for (const QString& m : cellProblems(p)) problems.removeAll(m);
    }
    problems.erase(std::remove_if(problems.begin(), problems.end(),
                                  [&](const QString& m) { return m.startsWith(prefix) && m.contains(QStringLiteral("' not applied: ")); }),
                   problems.end());
    if (!problems.isEmpty())
      return role == Qt::BackgroundRole ? QVariant(QBrush(QColor(0xfb, 0xdc, 0xdc)))
                                        : QVariant(problems.join(QLatin1Char('\n')));
  }
  if (path.isEmpty()) return computed(row, col, role);
  if (m_document->hasKeptInput(path)) {
    // Input that could not be applied: shown as typed, in red, with the reason.
    switch (role) {
      case Qt::DisplayRole:
      case Qt::EditRole: return m_document->keptText(path);
      case Qt::ToolTipRole: return m_document->keptProblem(path);
      case Qt::BackgroundRole: return QBrush(QColor(0xfd, 0xec, 0xea));
      case Qt::ForegroundRole: return QBrush(QColor(0xc6, 0x28, 0x28));
      default: break;
    }
  }
  if (role == Qt::BackgroundRole || role == Qt::ForegroundRole) {
    // A value the validator complains about (loaded from the file so) is red where it is.
    if (!cellProblems(path).isEmpty())
      return role == Qt::BackgroundRole ? QVariant(QBrush(QColor(0xfd, 0xec, 0xea))) : QVariant(QBrush(QColor(0xc6, 0x28, 0x28)));
    return {};
  }
  if (role == Qt::DisplayRole || role == Qt::EditRole || role == SortRole || role == Qt::ToolTipRole) {
    const auto v = model::getPath(m_document->ruleset(), path.toStdString());
    if (!v) return role == Qt::ToolTipRole ? QVariant() : QVariant(QString());
    const QString text = QString::fromStdString(v->text);
    if (role == SortRole) {
      bool ok = false;
      const double d = text.toDouble(&ok);
      return ok ? QVariant(d) : QVariant(text.toLower());
    }
    if (role == Qt::ToolTipRole) {
      QString tip = m_columns[static_cast<std::size_t>(col)].tip;
      if (const QStringList problems = cellProblems(path); !problems.isEmpty())
        tip = problems.join(QLatin1Char('\n')) + QLatin1Char('\n') + tip;
      if (v->min || v->max)
        tip += QStringLiteral("\nrange %1 .. %2")
                   .arg(v->min ? QString::number(*v->min) : QStringLiteral("-"),
                        v->max ? QString::number(*v->max) : QStringLiteral("-"));
      if (v->where.known()) tip += QStringLiteral("\n%1").arg(QString::fromStdString(v->where.toString()));
      return tip.trimmed().isEmpty() ? QVariant() : QVariant(tip.trimmed());
    }
    return text;
  }
  if (role == Qt::TextAlignmentRole) {
    const auto v = model::getPath(m_document->ruleset(), path.toStdString());
    if (v && v->isNumeric()) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  }
  return {};
}

bool PathTableModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (role != Qt::EditRole || !index.isValid()) return false;
  const QString path = pathAt(index.row(), index.column());
  if (path.isEmpty() || !(flags(index) & Qt::ItemIsEditable)) return false;
  QString error;
  if (!m_document->setValue(path, value.toString(), &error)) {
    m_lastError = error;
    m_document->keepInput(path, value.toString(), error);  // kept as typed, see data()
    Q_EMIT editRefused(path, error);
    return false;
  }
  m_lastError.clear();
  return true;
}

Qt::ItemFlags PathTableModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (!index.isValid()) return f;
  const Column& c = m_columns[static_cast<std::size_t>(index.column())];
  if (c.editable && !pathAt(index.row(), index.column()).isEmpty()) f |= Qt::ItemIsEditable;
  return f;
}

QVariant PathTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Horizontal && section >= 0 && section < columnCount()) {
    const Column& c = m_columns[static_cast<std::size_t>(section)];
    if (role == Qt::DisplayRole) return c.title;
    if (role == Qt::ToolTipRole && !c.tip.isEmpty()) return c.tip;
  }
  return QAbstractTableModel::headerData(section, orientation, role);
}

void PathTableModel::onChanged(const DocumentChange& change) {
  if (change.kind == DocumentChange::Kind::Value) {
    // Only the row whose prefix the path starts with.
    for (int r = 0; r < rows(); ++r) {
      const QString prefix = rowPrefix(r);
      if (change.path == prefix || change.path.startsWith(prefix + QLatin1Char('.'))) {
        Q_EMIT dataChanged(index(r, 0), index(r, columnCount() - 1));
        return;
      }
    }
    return;
  }
  if (!affectedBy(change)) return;
  if (change.kind == DocumentChange::Kind::Effects) {
    const int r = rowOf(change.entityId);
    if (r >= 0) {
      Q_EMIT dataChanged(index(r, 0), index(r, columnCount() - 1));
      return;
    }
  }
  beginResetModel();
  endResetModel();
}

}  // namespace wb::app
