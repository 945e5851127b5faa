evaluate(new File(smokeScripts, 'smoke-app.groovy'))
