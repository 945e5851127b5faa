return evaluate(new File(smokeScripts, 'redis-available.groovy'))
