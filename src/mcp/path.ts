/** Where the MCP server answers (streamable HTTP); its own module so the app knows it without loading the SDK. */
export const MCP_PATH = '/mcp';
