const path = require('path');
const { rmSync } = require('fs');
const { task, src, dest } = require('gulp');

// Each build starts from an empty dist/ (as n8n's `n8n-node build` does), so compiled files of
// renamed or deleted sources never end up in the package.
task('clean', (done) => {
	rmSync(path.resolve('dist'), { recursive: true, force: true });
	done();
});

// tsc compiles the TypeScript; n8n also needs each node's icon beside its compiled file.
task('build:icons', () =>
	src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(
		dest(path.resolve('dist')),
	),
);
