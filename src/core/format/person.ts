/** How a person is named in pickers and messages: 昵称（用户名）, e.g. 王伟（staff01）. */
export function personLabel(person: { nickName: string; username: string }): string {
  return `${person.nickName}（${person.username}）`;
}
