// The message files only the rep's list uses (src/shared/i18n/messages/<lang>/rep-today.json): the route loads
// them with the list, and the visit form fetches them ahead, so the list opens without a connection.
export const REP_HOME_MESSAGE_FILES = ['rep-today'];
