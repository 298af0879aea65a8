// antd's Table (~55 KB gzip with its pagination and filter menus) as a chunk of its own: a phone
// shows a list as cards and never needs it. ResourceList starts fetching the one it shows as soon
// as its own code arrives, beside the list's first data request.
import { Table } from "antd";

export default Table;
