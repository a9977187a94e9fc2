const path = require('path');
const { task, src, dest } = require('gulp');

// tsc compiles the TypeScript; n8n also needs each node's icon beside its compiled file.
task('build:icons', () =>
	src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(
		dest(path.resolve('dist')),
	),
);
