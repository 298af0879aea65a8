// The list's light table, pager, search box and loading veil draw what antd's Table, Pagination,
// Input.Search and Spin draw (antd's styles, built into the stylesheet, give them antd's look only
// if the markup is the same), and behave as antd's Table does for a list.
import { act, fireEvent, render as renderPlain, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { Button, ConfigProvider, Input, List, Pagination, Spin, Table } from "antd";
import { AuditOutlined, DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { describe, expect, it, vi } from "vitest";
import ListTable, { type ListColumn, type ListTableProps } from "../ListTable";
import { ListPagination } from "../ListPagination";
import { ListSearch } from "../ListSearch";
import { LoadingVeil } from "../LoadingVeil";
import { RowButton } from "../RowButton";
import { drawnIcon } from "../drawnIcon";
import EditSvg from "@ant-design/icons-svg/es/asn/EditOutlined";
import DeleteSvg from "@ant-design/icons-svg/es/asn/DeleteOutlined";
import { ListCards } from "../../layout/ListCards";
import { Panel } from "../../layout/Panel";

// The filter menu's code waits for the page's requests to settle (react-query).
const queries = new QueryClient();
const render = (ui: ReactElement) => renderPlain(ui, { wrapper: ({ children }) => <QueryClientProvider client={queries}>{children}</QueryClientProvider> });

type Rec = { id: number; title: string; kind: string; live: boolean };
const rows: Rec[] = [
  { id: 1, title: "First", kind: "news", live: true },
  { id: 2, title: "Second", kind: "event", live: false },
];

/**
 * The same DOM whatever the order of an element's classes and the ids tooltips generate. A sorted
 * header's hint: antd's Tooltip clones the sorter row, ours (HoverTip) wraps it in a span.
 */
function normalized(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  for (const tip of copy.querySelectorAll(".list-table__sort-tip")) tip.replaceWith(...tip.childNodes);
  for (const el of copy.querySelectorAll("*")) {
    el.removeAttribute("aria-describedby");
    el.removeAttribute("id");
    const classes = el.getAttribute("class");
    if (classes !== null) el.setAttribute("class", classes.split(/\s+/).filter(Boolean).sort().join(" "));
  }
  return copy.innerHTML;
}

const columns = (sortOrder: "ascend" | "descend" | null, filteredValue: string[] | null): ListColumn<Rec>[] => [
  { key: "title", dataIndex: "title", title: "Title", sorter: true, sortOrder, ellipsis: true },
  {
    key: "kind",
    dataIndex: "kind",
    title: "Kind",
    width: 150,
    filters: [
      { text: "News", value: "news" },
      { text: "Event", value: "event" },
    ],
    filteredValue,
  },
  { key: "live", dataIndex: "live", title: "Live", width: 100, render: (v: boolean) => (v ? "Yes" : "No") },
  { key: "actions", title: "Actions", width: 120, fixed: "right", render: () => <button type="button">Edit</button> },
];

function renderBoth(props: Omit<ListTableProps<Rec>, "onChange" | "columns">, cols: ListColumn<Rec>[]) {
  const antd = render(
    <Table<Rec>
      rowKey={props.rowKey}
      columns={cols as never}
      dataSource={props.dataSource as Rec[]}
      scroll={props.scroll}
      loading={props.loading}
      locale={{ emptyText: props.emptyText }}
      pagination={props.pagination ? { ...props.pagination, position: ["bottomRight"] } : false}
    />,
  );
  const ours = render(<ListTable<Rec> {...props} columns={cols} onChange={() => undefined} ready={false} />);
  return { antd: normalized(antd.container), ours: normalized(ours.container) };
}

describe("the list's table, as antd's Table draws it", () => {
  it("draws the same table: sorted and filtered headers, fixed actions, rows and pager", () => {
    const { antd, ours } = renderBoth({ rowKey: "id", dataSource: rows, scroll: { x: 800 }, pagination: { current: 2, pageSize: 2, total: 30 } }, columns("descend", ["news"]));
    for (const part of ["ant-table-column-sort", "active ant-dropdown-trigger ant-table-filter-trigger", "ant-table-cell-fix-right", "ant-pagination-item-active", 'aria-sort="descending"']) expect(antd).toContain(part);
    expect(ours).toBe(antd);
  });

  it("and the same unsorted, unfiltered, empty, and while loading", () => {
    const empty = renderBoth({ rowKey: "id", dataSource: [], emptyText: "Nothing", pagination: { current: 1, pageSize: 10, total: 0 } }, columns(null, null));
    expect(empty.ours).toBe(empty.antd);
    const loading = renderBoth({ rowKey: "id", dataSource: rows, loading: true, pagination: { current: 1, pageSize: 10, total: 2 } }, columns("ascend", null));
    expect(loading.ours).toBe(loading.antd);
  });

  it("cycles a column's sort ascending → descending → none, and reports the filters and page with it", () => {
    const onChange = vi.fn();
    const view = (order: "ascend" | "descend" | null) => (
      <ListTable<Rec> rowKey="id" dataSource={rows} columns={columns(order, ["event"])} pagination={{ current: 3, pageSize: 2, total: 30 }} onChange={onChange} ready={false} />
    );
    const { rerender } = render(view(null));
    const header = () => screen.getByRole("columnheader", { name: "Title" });
    expect(header()).not.toHaveAttribute("aria-sort");
    fireEvent.click(header());
    expect(onChange).toHaveBeenLastCalledWith({ current: 3, pageSize: 2 }, { kind: ["event"] }, { columnKey: "title", field: "title", order: "ascend" });
    rerender(view("ascend"));
    expect(header()).toHaveAttribute("aria-sort", "ascending");
    fireEvent.keyDown(header(), { key: "Enter" });
    expect(onChange).toHaveBeenLastCalledWith({ current: 3, pageSize: 2 }, { kind: ["event"] }, { columnKey: "title", field: "title", order: "descend" });
    rerender(view("descend"));
    expect(header()).toHaveAttribute("aria-sort", "descending");
    fireEvent.click(header());
    expect(onChange).toHaveBeenLastCalledWith({ current: 3, pageSize: 2 }, { kind: ["event"] }, { columnKey: undefined, field: undefined, order: undefined });
    // A page: the sort and filters as they are.
    rerender(view("descend"));
    fireEvent.click(within(screen.getByRole("list")).getByTitle("4"));
    expect(onChange).toHaveBeenLastCalledWith({ current: 4, pageSize: 2 }, { kind: ["event"] }, { columnKey: "title", field: "title", order: "descend" });
  });

  it("opens a column's filter menu from its button (its code fetched then) without sorting, and applies the choice from page 1", async () => {
    const onChange = vi.fn();
    render(<ListTable<Rec> rowKey="id" dataSource={rows} columns={columns(null, null)} pagination={{ current: 3, pageSize: 2, total: 30 }} onChange={onChange} ready={false} />);
    const kind = screen.getByRole("columnheader", { name: /Kind/ });
    fireEvent.click(within(kind).getByRole("button"));
    const menu = await screen.findByRole("menu");
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(menu).getByText("Event"));
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({ current: 1, pageSize: 2 }, { kind: ["event"] }, { columnKey: undefined, field: undefined, order: undefined });
  });
});

describe("the list's other controls, as antd draws them", () => {
  it("a pager with antd Pagination's markup", () => {
    const antd = render(<Pagination current={3} pageSize={10} total={200} showSizeChanger={false} size="small" align="center" />);
    const ours = render(<ListPagination current={3} pageSize={10} total={200} showSizeChanger={false} small align="center" onChange={() => undefined} />);
    expect(normalized(ours.container)).toBe(normalized(antd.container));
  });

  it("a search box with antd Input.Search's markup, searching on Enter, the button and clearing", () => {
    const antd = render(<Input.Search aria-label="Search posts" placeholder="Search posts" allowClear value="abc" onChange={() => undefined} className="x" />);
    const onSearch = vi.fn();
    const onChange = vi.fn();
    const ours = render(<ListSearch aria-label="Search posts" placeholder="Search posts" value="abc" onChange={onChange} onSearch={onSearch} className="x" />);
    expect(normalized(ours.container)).toBe(normalized(antd.container));

    const box = within(ours.container).getByRole("searchbox");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSearch).toHaveBeenLastCalledWith("abc");
    fireEvent.click(within(ours.container).getAllByRole("button").at(-1)!);
    expect(onSearch).toHaveBeenCalledTimes(2);
    fireEvent.click(ours.container.querySelector(".ant-input-clear-icon")!);
    expect(onChange).toHaveBeenLastCalledWith({ target: { value: "" } });
    expect(onSearch).toHaveBeenLastCalledWith("");
  });

  it("a phone's cards with antd List's markup, and its pager", () => {
    const card = (r: Rec) => (
      <Panel size="small" className="list-card" role="article" aria-label={r.title}>
        <div className="list-card__head">
          <div className="list-card__title">{r.title}</div>
        </div>
        <dl className="list-card__fields">
          <div className="list-card__field">
            <dt>Kind</dt>
            <dd>{r.kind}</dd>
          </div>
        </dl>
      </Panel>
    );
    const pagination = { current: 1, pageSize: 2, total: 6, onChange: () => undefined };
    const antd = render(
      <div className="list-cards">
        <List<Rec>
          dataSource={rows}
          rowKey={(r) => String(r.id)}
          pagination={{ ...pagination, align: "center", showSizeChanger: false, size: "small" }}
          renderItem={(r) => <List.Item className="list-cards__item">{card(r)}</List.Item>}
        />
      </div>,
    );
    const cols: ListColumn<Rec>[] = [
      { key: "title", dataIndex: "title", title: "Title" },
      { key: "kind", dataIndex: "kind", title: "Kind" },
    ];
    const ours = render(<ListCards<Rec> rows={rows} columns={cols} titleKey="title" nameOf={(r) => r.title} pagination={pagination} />);
    expect(normalized(ours.container)).toBe(normalized(antd.container));
  });

  it("a loading veil with antd Spin's markup", async () => {
    for (const spinning of [false, true]) {
      const antd = render(
        <Spin spinning={spinning}>
          <p>rows</p>
        </Spin>,
      );
      const ours = render(
        <LoadingVeil spinning={spinning}>
          <p>rows</p>
        </LoadingVeil>,
      );
      await act(async () => undefined);
      await waitFor(() => expect(normalized(ours.container)).toBe(normalized(antd.container)));
      antd.unmount();
      ours.unmount();
    }
  });
});

/** Each pair, antd's element and ours, renders the same (normalized) markup. */
function expectSameMarkup(pairs: [ReactElement, ReactElement][]) {
  for (const [theirs, ours] of pairs) {
    const a = render(theirs);
    const b = render(ours);
    expect(normalized(b.container)).toBe(normalized(a.container));
    a.unmount();
    b.unmount();
  }
}

describe("a row's buttons, as antd's Button draws them", () => {
  it("small icon buttons: plain, a review (ghost primary), a danger one, and spinning", () => {
    const pairs: [ReactElement, ReactElement][] = [
      [<Button size="small" icon={<EditOutlined />} tabIndex={-1} />, <RowButton icon={<EditOutlined />} tabIndex={-1} />],
      [<Button size="small" type="primary" ghost icon={<AuditOutlined />} tabIndex={-1} />, <RowButton kind="review" icon={<AuditOutlined />} tabIndex={-1} />],
      [<Button size="small" danger icon={<DeleteOutlined />} aria-label="Delete First" />, <RowButton kind="danger" icon={<DeleteOutlined />} aria-label="Delete First" />],
      [<Button size="small" danger icon={<DeleteOutlined />} aria-label="Delete First" loading />, <RowButton kind="danger" icon={<DeleteOutlined />} aria-label="Delete First" loading />],
    ];
    expectSameMarkup(pairs);
  });

  it("ignores a click while it spins, as antd's does", () => {
    const onClick = vi.fn();
    const { rerender } = render(<RowButton icon={<DeleteOutlined />} aria-label="Delete First" onClick={onClick} loading />);
    fireEvent.click(screen.getByRole("button", { name: "Delete First" }));
    expect(onClick).not.toHaveBeenCalled();
    rerender(<RowButton icon={<DeleteOutlined />} aria-label="Delete First" onClick={onClick} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete First" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe("a row's icons, as @ant-design/icons draws them", () => {
  const DrawnEdit = drawnIcon(EditSvg);
  const DrawnDelete = drawnIcon(DeleteSvg);

  it("the same span and svg, alone and in a button, with or without antd's ConfigProvider", () => {
    const pairs: [ReactElement, ReactElement][] = [
      [<EditOutlined />, <DrawnEdit />],
      [<ConfigProvider><DeleteOutlined /></ConfigProvider>, <ConfigProvider><DrawnDelete /></ConfigProvider>],
      [<Button size="small" danger icon={<DeleteOutlined />} aria-label="Delete First" />, <RowButton kind="danger" icon={<DrawnDelete />} aria-label="Delete First" />],
    ];
    expectSameMarkup(pairs);
  });

  it("insert the icons' stylesheet once, where antd's icons look for it", async () => {
    // A page where no icon has been drawn yet: no stylesheet, and the module not yet used.
    document.head.querySelectorAll("style").forEach((style) => style.remove());
    vi.resetModules();
    const Fresh = (await import("../drawnIcon")).drawnIcon(EditSvg);
    const many = render(<>{Array.from({ length: 12 }, (_, i) => <Fresh key={i} />)}</>);
    const withIcons = () => [...document.head.querySelectorAll("style")].filter((style) => style.textContent?.includes(".anticon {"));
    expect(withIcons()).toHaveLength(1);
    // antd's own icon, mounted after, finds it rather than adding another.
    const theirs = render(<EditOutlined />);
    expect(withIcons()).toHaveLength(1);
    many.unmount();
    theirs.unmount();
  });
});

