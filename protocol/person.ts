// Who did something, as every protocol message names a person: shared by realtime.ts and chat.ts
// (chat.ts's events are part of realtime.ts's, so neither may import the other for it).
export interface Person {
  id: number;
  name: string;
}
