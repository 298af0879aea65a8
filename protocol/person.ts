// Who did something or is somewhere, as every event names them: ids and names only.

export interface Person {
  id: number;
  name: string;
}
