#include "app/gui/window/table_page.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <memory>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/path_table_model.h"
#include "app/gui/editors/value_delegate.h"
#include "app/gui/sweep/sweep_action.h"

namespace wb::app {

namespace {
QString singularWord(model::Section s) {
  switch (s) {
    case model::Section::Cards: return QStringLiteral("card");
    case model::Section::Tiles: return QStringLiteral("tile");
    case model::Section::Events: return QStringLiteral("event");
    case model::Section::Abilities: return QStringLiteral("ability");
    case model::Section::Factions: return QStringLiteral("faction");
  }
  return QStringLiteral("entity");
}
}  // namespace

TablePage::TablePage(RulesetDocument* document, PathTableModel* model, std::optional<model::Section> section,
                     const QString& title, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(model), m_section(section) {
  model->setParent(this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* bar = new QHBoxLayout;
  bar->setContentsMargins(6, 4, 6, 0);
  auto* heading = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), this);
  bar->addWidget(heading);
  m_count = new QLabel(this);
  m_count->setStyleSheet(QStringLiteral("color: #666;"));
  bar->addWidget(m_count);
  bar->addStretch();
  if (section) {
    auto button = [&](const QString& text, const QString& tip) {
      auto* b = new QToolButton(this);
      b->setText(text);
      b->setToolTip(tip);
      bar->addWidget(b);
      return b;
    };
    connect(button(tr("Add"), tr("Add a new entity after the selected one")), &QToolButton::clicked, this,
            [this] { addEntity(false); });
    connect(button(tr("Duplicate"), tr("Copy the selected entity")), &QToolButton::clicked, this,
            [this] { addEntity(true); });
    connect(button(tr("Remove"), tr("Remove the selected entity")), &QToolButton::clicked, this,
            &TablePage::removeEntity);
  }
  layout->addLayout(bar);

  m_proxy = new QSortFilterProxyModel(this);
  m_proxy->setSourceModel(model);
  m_proxy->setSortRole(PathTableModel::SortRole);
  m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
  m_proxy->setFilterKeyColumn(-1);
  m_proxy->setDynamicSortFilter(false);  // rows stay put while being edited
  m_view = new QTableView(this);
  m_view->setModel(m_proxy);
  m_delegate = new ValueDelegate(document, m_view);
  m_view->setItemDelegate(m_delegate);
  m_view->setSortingEnabled(true);
  m_view->sortByColumn(-1, Qt::AscendingOrder);
  m_view->setAlternatingRowColors(true);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed);
  m_view->verticalHeader()->hide();
  m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
  m_view->horizontalHeader()->setStretchLastSection(true);
  m_view->setWordWrap(false);
  m_view->setTextElideMode(Qt::ElideRight);
  layout->addWidget(m_view);
  m_view->installEventFilter(this);
  m_view->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
    std::unique_ptr<QMenu> menu(contextMenuFor(m_view->indexAt(pos)));
    if (menu) menu->exec(m_view->viewport()->mapToGlobal(pos));
  });

  auto resize = [this] {
    m_view->resizeColumnsToContents();
    for (int c = 0; c < m_model->columnCount(); ++c)
      m_view->setColumnWidth(c, std::min(m_view->columnWidth(c), 260));
    updateCount();
  };
  connect(model, &QAbstractItemModel::modelReset, this, resize);
  connect(model, &QAbstractItemModel::rowsInserted, this, &TablePage::updateCount);
  resize();
  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& cur) {
    if (m_section && cur.isValid()) Q_EMIT entitySelected(*m_section, cur.data(PathTableModel::RowIdRole).toString());
  });
  connect(model, &PathTableModel::editRefused, this,
          [this](const QString& path, const QString& why) { Q_EMIT message(tr("Refused %1: %2").arg(path, why)); });
  connect(m_delegate, &ValueDelegate::editRefused, this,
          [this](const QString& why) { Q_EMIT message(tr("Not applied: %1").arg(why)); });
  connect(m_delegate, &ValueDelegate::editorMessage, this, &TablePage::message);
}

QMenu* TablePage::contextMenuFor(const QModelIndex& index) {
  if (!index.isValid()) return nullptr;
  auto menu = std::make_unique<QMenu>(this);
  const QString path = index.data(PathTableModel::PathRole).toString();
  if (!addSweepAction(menu.get(), m_document->ruleset(), path, [this](const QString& p) { Q_EMIT sweepRequested(p); }))
    return nullptr;
  return menu.release();
}

bool TablePage::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_view && event->type() == QEvent::KeyPress &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {  // (an open editor gets its own keys)
    const QString path = m_view->currentIndex().data(PathTableModel::PathRole).toString();
    if (!path.isEmpty() && m_document->hasKeptInput(path)) {
      m_document->dropKeptInput(path);
      Q_EMIT message(tr("Dropped the text typed in %1.").arg(path));
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

void TablePage::updateCount() {
  const int shown = m_proxy->rowCount(), total = m_model->rowCount();
  m_count->setText(shown == total ? tr("%n row(s)", nullptr, total) : tr("%1 of %2 rows").arg(shown).arg(total));
}

void TablePage::addBar(QWidget* bar) {
  bar->setParent(this);
  static_cast<QVBoxLayout*>(layout())->insertWidget(1, bar);
}

void TablePage::setFilter(const QString& text) {
  m_proxy->setFilterFixedString(text.trimmed());
  updateCount();
}

QString TablePage::currentId() const {
  const QModelIndex cur = m_view->currentIndex();
  return cur.isValid() ? cur.data(PathTableModel::RowIdRole).toString() : QString();
}

void TablePage::selectRow(const QString& id) {
  const int row = m_model->rowOf(id);
  if (row < 0) return;
  const QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
  if (!index.isValid()) return;
  if (m_view->currentIndex().row() != index.row()) m_view->setCurrentIndex(index);
  m_view->selectRow(index.row());
  m_view->scrollTo(index);
}

void TablePage::addEntity(bool duplicate) {
  if (!m_section) return;
  const auto& list = m_document->ruleset().entities(*m_section);
  const QString current = currentId();
  int at = -1;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (QString::fromStdString(list[i].id) == current) at = static_cast<int>(i) + 1;
  model::Entity entity;
  if (duplicate && at > 0) {
    entity = list[static_cast<std::size_t>(at - 1)];
    entity.origin = {};
    for (auto& e : entity.effects) e.origin = {};
    entity.id = m_document->uniqueEntityId(QString::fromStdString(entity.id) + QStringLiteral("_copy")).toStdString();
    entity.name += " (copy)";
  } else {
    const QString word = singularWord(*m_section);
    entity.id = m_document->uniqueEntityId(QStringLiteral("new_") + word).toStdString();
    entity.name = (QStringLiteral("New ") + word).toStdString();
    if (const auto* schema = m_document->schema()) {
      const auto it = schema->kinds.find(*m_section);
      if (it != schema->kinds.end() && !it->second.empty()) entity.kind = it->second.front();
    }
    entity.costs.push_back({"", model::Expression::constant(0)});
  }
  QString error;
  if (!m_document->addEntity(*m_section, entity, at, &error)) {
    Q_EMIT message(error);
    return;
  }
  selectRow(QString::fromStdString(entity.id));
  Q_EMIT entitySelected(*m_section, QString::fromStdString(entity.id));
}

void TablePage::removeEntity() {
  if (!m_section) return;
  const QString id = currentId();
  if (id.isEmpty()) return;
  QString error;
  if (!m_document->removeEntity(*m_section, id, &error)) Q_EMIT message(error);
}

}  // namespace wb::app
