// The line of every command's --help for its filter argument.

export const FILTER_HELP = '<filter>                the filter, quoted as one argument; - reads it from stdin';
