import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { sxList } from '../ui/sx';
import { CardList } from './data-table-cards';
import type { ColumnModel, SortState } from './table-model';

export interface TableColumn<R> extends ColumnModel<R> {
  /** How the cell draws; defaults to the value. */
  render?: (row: R) => ReactNode;
  align?: 'left' | 'right';
  /** Text that may wrap onto two lines (long names); other cells stay on one line. */
  wrap?: boolean;
  /** The cell's own style (a code in monospace, a bold plate…). */
  cellSx?: SxProps<Theme>;
  /** Left out of the default phone card (the first column is the card's title). */
  hideOnPhone?: boolean;
}

export interface DataTableProps<R> {
  /** The rows to show, already filtered and sorted (every page). */
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  rowKey: (row: R) => string | number;
  /** The sorted column; without `onSort` the headers are plain labels. */
  sort: SortState | null;
  onSort?: (sort: SortState) => void;
  /** Prefix of the sort buttons' test ids (`plans` → `plans-sort-due`). */
  sortTestId?: string;
  /** Clicking a row (or pressing Enter on it). */
  onRowClick?: (row: R) => void;
  /** The accessible name of a clickable row. */
  rowLabel?: (row: R) => string;
  /** A row's card on phones; defaults to the first column as title over the others' labels. */
  renderCard?: (row: R) => ReactNode;
  /** Content shown under an expanded row (the row then expands instead of `onRowClick`). */
  renderExpanded?: (row: R) => ReactNode;
  expandLabel?: (row: R, expanded: boolean) => string;
  /** Buttons at the end of each row (edit, delete…), outside the row's click. */
  actions?: (row: R) => ReactNode;
  /** The accessible name of the actions' column header. */
  actionsLabel?: string;
  /** The table's test id (the card list's too on phones). */
  testId?: string;
  /** The accessible name of the table. */
  label?: string;
  /** A row's (and card's) test id. */
  rowTestId?: (row: R) => string;
  /** A row's `data-row` attribute; defaults to its key. */
  rowName?: (row: R) => string | number;
  /** A row's own style (a greyed-out inactive user…). */
  rowSx?: (row: R) => SxProps<Theme> | undefined;
  /** Pages of 25/50/100 rows (default); `false` shows every row (short lists). */
  paged?: boolean;
  /** Cards instead of the table; defaults to screens narrower than `sm`. */
  phone?: boolean;
  /** The sort choice above the phone cards (default with `onSort`). */
  cardSort?: boolean;
  /** Cells stay on one line unless their column wraps (default); `normal` lets every cell wrap. */
  cellWrap?: 'nowrap' | 'normal';
}

const PAGE_SIZES = [25, 50, 100];

/** A sortable, paged table; a list of cards on phones. */
export function DataTable<R>(props: DataTableProps<R>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const phone = props.phone ?? narrow;
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1] ?? 50);
  const paged = props.paged !== false;
  const pages = Math.max(1, Math.ceil(props.rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = paged ? props.rows.slice(current * pageSize, (current + 1) * pageSize) : props.rows;
  const pagination =
    paged && props.rows.length > PAGE_SIZES[0]! ? (
      <TablePagination
        component="div"
        count={props.rows.length}
        page={current}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={phone ? '' : t('fleet.table.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          t('fleet.table.displayed', { from, to, count })
        }
      />
    ) : null;

  if (phone) return <CardList {...props} shown={shown} pagination={pagination} />;

  const { sort, onSort } = props;
  return (
    <Paper variant="outlined" data-testid={props.testId}>
      <TableContainer>
        <Table size="small" stickyHeader aria-label={props.label}>
          <TableHead>
            <TableRow>
              {props.renderExpanded && <TableCell padding="checkbox" />}
              {props.columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align ?? 'left'}
                  sortDirection={sort?.column === column.id ? sort.direction : false}
                  // Headers wrap between words (units included): a long label does not push
                  // the last columns out of a 1440 px screen.
                  sx={{ fontWeight: 600, verticalAlign: 'bottom', lineHeight: 1.3 }}
                >
                  {column.sortable === false || !onSort ? (
                    column.label
                  ) : (
                    <TableSortLabel
                      active={sort?.column === column.id}
                      direction={sort?.column === column.id ? sort.direction : 'asc'}
                      onClick={() =>
                        onSort({
                          column: column.id,
                          direction:
                            sort?.column === column.id && sort.direction === 'asc' ? 'desc' : 'asc',
                        })
                      }
                      data-testid={
                        props.sortTestId ? `${props.sortTestId}-sort-${column.id}` : undefined
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
              {props.actions && <TableCell align="right" aria-label={props.actionsLabel} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <BodyRow key={props.rowKey(row)} row={row} props={props} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Paper>
  );
}

function BodyRow<R>({ row, props }: { row: R; props: DataTableProps<R> }) {
  const [expanded, setExpanded] = useState(false);
  const { columns } = props;
  const expandable = Boolean(props.renderExpanded);
  const activate = () => (expandable ? setExpanded((e) => !e) : props.onRowClick?.(row));
  const clickable = expandable || Boolean(props.onRowClick);
  const plain = props.cellWrap === 'normal';
  return (
    <Fragment>
      <TableRow
        hover={clickable || Boolean(props.actions)}
        data-row={(props.rowName ?? props.rowKey)(row)}
        data-testid={props.rowTestId?.(row)}
        tabIndex={clickable ? 0 : undefined}
        aria-label={props.rowLabel?.(row)}
        aria-expanded={expandable ? expanded : undefined}
        onClick={clickable ? activate : undefined}
        onKeyDown={(event) => {
          if (clickable && (event.key === 'Enter' || event.key === ' ')) {
            event.preventDefault();
            activate();
          }
        }}
        sx={[
          {
            cursor: clickable ? 'pointer' : undefined,
            '& > td': expandable && expanded ? { borderBottom: 'none' } : undefined,
          },
          ...sxList(props.rowSx?.(row)),
        ]}
      >
        {expandable && (
          <TableCell padding="checkbox">
            <IconButton
              size="small"
              aria-label={props.expandLabel?.(row, expanded)}
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                setExpanded((e) => !e);
              }}
            >
              {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          </TableCell>
        )}
        {columns.map((column) => (
          <TableCell
            key={column.id}
            align={column.align ?? 'left'}
            data-column={column.id}
            sx={[
              column.wrap ? { minWidth: 120 } : plain ? {} : { whiteSpace: 'nowrap' },
              ...sxList(column.cellSx),
            ]}
          >
            {column.render ? column.render(row) : (column.value(row) ?? '—')}
          </TableCell>
        ))}
        {props.actions && (
          <TableCell
            align="right"
            sx={{ whiteSpace: 'nowrap', py: 0 }}
            onClick={(event) => event.stopPropagation()}
          >
            {props.actions(row)}
          </TableCell>
        )}
      </TableRow>
      {expandable && (
        <TableRow>
          <TableCell
            colSpan={columns.length + 1 + (props.actions ? 1 : 0)}
            sx={{ py: 0, ...(expanded ? {} : { border: 0 }) }}
          >
            <Collapse in={expanded} unmountOnExit>
              <Box sx={{ py: 1.5 }}>{props.renderExpanded?.(row)}</Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}
